// The `varbench` command line: a short pipeline from arguments to the API.
// Every command is a client of the one API (in a worker, api.ts), so it gives
// what the workbench gives for the same run. Each command is declared in its
// commands/*Command.ts file, with the options several share from options.ts
// and optionParsers.ts, and loads its code only when it runs, so that
// `varbench --help` starts quickly.
import { Command } from "commander";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../io/projectRoot.js";
import { workspaceOption } from "./options.js";
import { declareBench, joinParameterLists } from "./commands/benchCommand.js";
import { declareCampaign } from "./commands/campaignCommand.js";
import { declareCct } from "./commands/cctCommand.js";
import { declareCompare } from "./commands/compareCommand.js";
import { declareExecutionPatterns } from "./commands/executionPatternsCommand.js";
import { declareExportTrace } from "./commands/exportTraceCommand.js";
import { declareFlame } from "./commands/flameCommand.js";
import { declareTimeline } from "./commands/timelineCommand.js";
import { declareSandwich } from "./commands/sandwichCommand.js";
import { declareImport } from "./commands/importCommand.js";
import { declarePhases } from "./commands/phasesCommand.js";
import { declareHistory } from "./commands/historyCommand.js";
import { declareReport } from "./commands/reportCommand.js";
import { declareRunOne } from "./commands/runOneCommand.js";
import { declareRuns } from "./commands/runsCommand.js";
import { declareTrends } from "./commands/trendsCommand.js";
import { declarePatterns, declareVcg } from "./commands/vcgCommand.js";
import { declareDemo, declareStart } from "./commands/workbenchCommand.js";
import { declareWorkspace } from "./commands/workspaceCommand.js";

// A reader that stops early (varbench … | head) closes the pipe: the rest of the output is not
// wanted, which is no failure. Any other failure to write is said in a line, not a stack.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") console.error(`varbench: cannot write the output (${e.message})`);
  process.exit(e.code === "EPIPE" ? 0 : 1);
});

const program = new Command()
  .name("varbench")
  .version(installedVersion(), "-V, --version", "print Varbench's version")
  .description("Why does a program's run time vary? Workspaces, campaigns, traces and their analyses.")
  .addOption(workspaceOption())
  .showHelpAfterError("(varbench <command> --help lists its options)");

// In the order --help lists them.
const COMMANDS = [
  declareWorkspace,
  declareImport,
  declareCct,
  declareBench,
  declareCampaign,
  declareRuns,
  declareVcg,
  declarePatterns,
  declareFlame,
  declareSandwich,
  declareTimeline,
  declareExportTrace,
  declareReport,
  declareExecutionPatterns,
  declareCompare,
  declareTrends,
  declarePhases,
  declareHistory,
  declareDemo,
  declareStart,
  declareRunOne,
];
for (const declare of COMMANDS) declare(program);

/** The version in the installation's package.json, or "unknown" where it cannot be read. */
function installedVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: string }).version ??
      "unknown"
    );
  } catch {
    return "unknown";
  }
}

// No top-level await: the command line is bundled as CommonJS, which V8 can compile from cached data
// (../io/codeCache.ts).
program.parseAsync(joinParameterLists(process.argv)).catch(async (e: unknown) => {
  // Loaded only when a command fails: its wording of refused arguments reads every analysis' flags.
  const { failureMessage } = await import("./failure.js");
  console.error(`varbench: ${failureMessage(e)}`);
  process.exitCode = 1;
});
