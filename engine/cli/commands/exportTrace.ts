// `varbench export-trace`: a run's trace, or a trace file, as Chrome Trace Event
// JSON for Perfetto, speedscope or chrome://tracing. The engine writes the file
// as it reads the trace (runs.exportTrace); `-o -` names the standard output
// as a file, so the JSON streams down a pipe just the same.
import { withApi } from "../api.js";
import { targetArg } from "../target.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import type { TraceExport } from "../../api/types.js";
import { grouped } from "../../format/numbers.js";

/** The standard output as a file the engine can open (Linux and macOS). */
const STDOUT_FILE = "/dev/stdout";

export function exportTrace(
  workspaceDir: string,
  target: string,
  o: { output: string; onCpu?: boolean },
): Promise<void> {
  const toStdout = o.output === "-";
  return withApi(workspaceDir, async (api) => {
    let r: TraceExport;
    try {
      r = await withAnalysisProgress(api, () =>
        api.runs.exportTrace({
          target: targetArg(target, ["run", "trace"]),
          path: toStdout ? STDOUT_FILE : o.output,
          onCpu: o.onCpu,
        }),
      );
    } catch (e) {
      // A reader that stops early (… | head) closes the pipe: the rest is not wanted, which is no failure.
      if (toStdout && /EPIPE/.test((e as Error).message)) return;
      throw e;
    }
    for (const w of r.warnings) process.stderr.write(`warning: ${w}\n`);
    const where = toStdout ? "standard output" : r.path;
    process.stderr.write(
      `wrote ${where}: Chrome trace JSON, ${r.calls} calls in ${r.threads} thread(s), ${kib(r.bytes)} KiB\n`,
    );
  });
}

function kib(bytes: number): string {
  return grouped(Math.max(1, Math.round(bytes / 1024)));
}
