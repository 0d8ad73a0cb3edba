// runs.exportTrace: a run's stored trace, or a trace file, read once more and
// written as Chrome Trace Event JSON (Perfetto, speedscope, chrome://tracing)
// to a file on this machine as it is read. The file is not returned through
// the API: a trace's JSON can be hundreds of MB, more than one string or one
// message should carry, so the caller names where it goes (the command line's
// -o, the desktop window's save dialog) and gets what it holds.
import { realpathSync } from "node:fs";
import { basename, isAbsolute, relative } from "node:path";
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { ApiError } from "../errors/errors.js";
import { formatTarget, TARGET_FORMS, type Target } from "../campaign/target.js";
import { resolveTarget } from "../analyses/resolveTarget.js";
import type { Resolved } from "../analyses/descriptor.js";
import { traceArtifact } from "../ingest/runTrace.js";
import { detectPathFormat } from "../io/readTrace.js";
import { TextFileOutput } from "../io/textFileOutput.js";
import { ChromeTraceWriter, type TraceExport } from "../trace/chrome/chromeTraceWriter.js";
import { VARBENCH_VERSION } from "../report/version.js";
import { shellCommand } from "../format/text.js";

const EXPORTABLE: readonly Target["kind"][] = ["run", "trace"];

export function traceExportHandlers(ctx: ServiceContext): Pick<Handlers, "runs.exportTrace"> {
  return {
    "runs.exportTrace": async ({ target, path, onCpu }): Promise<TraceExport> => {
      if (!ctx.localFiles)
        throw new ApiError(
          "invalid-arguments",
          "traces are exported to files only from the command line or the desktop window",
          [{ path: "path", message: "no file paths here" }],
        );
      if (!EXPORTABLE.includes(target.kind)) {
        throw new ApiError(
          "invalid-arguments",
          `a trace is exported from ${TARGET_FORMS.run} or ${TARGET_FORMS.trace}; not ${TARGET_FORMS[target.kind]}`,
          [{ path: "target", message: `not a ${target.kind}` }],
        );
      }
      const resolved = resolveTarget(() => ctx.workspace(), target, "target");
      if (target.kind === "trace" && inside(path, target.path)) {
        throw new ApiError("invalid-arguments", `${path} is the trace being exported: write the export elsewhere`, [
          { path: "path", message: "the trace itself" },
        ]);
      }
      const targets = [formatTarget(target)];
      const progress = (stage: string, done: number, total: number | null) =>
        ctx.progress({ kind: "exportTrace", targets, stage, done, total });
      const provenance = await provenanceOf(ctx, resolved, path, onCpu);
      const out = TextFileOutput.open(path);
      try {
        // Perfetto and speedscope label the process with the run, or the trace file's name.
        const processName = target.kind === "trace" ? basename(target.path) : resolved.label;
        const writer = new ChromeTraceWriter((text) => out.write(text), { processName, provenance });
        await ctx.sources.forCall(progress).readAgain(resolved, writer, { onCpu });
        const summary = writer.finish();
        out.close();
        return { path, bytes: out.bytes, ...summary };
      } catch (e) {
        out.discard();
        throw e;
      } finally {
        progress("done", 1, 1);
      }
    },
  };
}

/** What the file says of where it came from, and the command that makes it again. */
async function provenanceOf(
  ctx: ServiceContext,
  r: Resolved,
  path: string,
  onCpu: boolean,
): Promise<Record<string, string | number | boolean>> {
  const t = r.target;
  const run = t.kind === "run" ? { workspace: ctx.workspace().dir, runId: t.runId } : null;
  const sourceFormat =
    t.kind === "run"
      ? traceArtifact(ctx.workspace(), t.runId).kind.replace(/-(directory|trace)$/, "")
      : t.kind === "trace"
        ? await detectPathFormat(t.path)
        : "";
  const command = [
    "varbench",
    ...(run ? ["-w", run.workspace] : []),
    "export-trace",
    formatTarget(t),
    ...(onCpu ? ["--on-cpu"] : []),
    "-o",
    path,
  ];
  return {
    generator: `Varbench ${VARBENCH_VERSION}`,
    source: r.label,
    sourceFormat,
    ...run,
    onCpu,
    command: shellCommand(command),
  };
}

/** The output would overwrite the trace (the file, or a file of the data directory) before it is read. */
function inside(output: string, trace: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return null; // an output that does not exist yet is not the trace
    }
  };
  const o = real(output);
  const t = real(trace);
  if (o === null || t === null) return false;
  const rel = relative(t, o);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}
