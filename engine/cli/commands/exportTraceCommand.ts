// `varbench export-trace`: declared here, run by exportTrace.ts.
import type { Command } from "commander";
import { workspaceDir } from "../options.js";

export function declareExportTrace(program: Command): void {
  program
    .command("export-trace")
    .description(
      "a run's trace, or a trace file, as Chrome Trace Event JSON (Perfetto, speedscope, chrome://tracing): one B and one E event per call, written as the trace is read",
    )
    .argument("<target>", "run id (12), or a trace file or uftrace data directory")
    .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output)')
    .option("--on-cpu", "uftrace: leave the time threads spent switched out out of the timeline")
    .action(async (target: string, o) =>
      (await import("./exportTrace.js")).exportTrace(workspaceDir(program), target, o),
    );
}
