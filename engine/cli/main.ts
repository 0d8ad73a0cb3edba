// The `varbench` command line: a short pipeline from arguments to the engine.
import { Command, InvalidArgumentError, Option } from "commander";
import { Workspace } from "../store/workspace.js";
import { importTrace } from "../store/importTrace.js";
import { loadCct } from "./loadCct.js";
import { renderCct } from "./cctCommand.js";
import { runDemo } from "./demo.js";
import { registerCampaignCommands } from "./campaignCommands.js";
import { start } from "./startCommand.js";
import { registerVarianceCommands } from "./varianceCommands.js";
import { DEFAULT_MAX_COVARIANCE_CHILDREN } from "../cct/cct.js";

const program = new Command()
  .name("varbench")
  .description("Why does a program's run time vary? Workspaces, traces and calling-context trees.")
  .option("-w, --workspace <dir>", "workspace folder", process.env.VARBENCH_WORKSPACE ?? ".")
  .showHelpAfterError();

const workspaceDir = () => program.opts<{ workspace: string }>().workspace;

program
  .command("workspace")
  .description("manage workspaces")
  .command("init")
  .argument("[dir]", "folder of the new workspace", ".")
  .description("create a workspace (a SQLite file and an artifact folder)")
  .action((dir: string) => {
    const ws = Workspace.init(dir);
    console.log(`workspace ready: ${ws.dir}`);
    ws.close();
  });

program
  .command("import")
  .description("import a trace (uftrace directory, Chrome JSON, varbench-events text) as a run")
  .argument("<trace>", "trace file or uftrace data directory")
  .requiredOption("--project <name>", "project the run belongs to")
  .option("--workload <name>", "workload of the run")
  .option("--design <name>", "design of the run")
  .option("--max-children <n>", `keep child covariance for contexts with at most n children (default ${DEFAULT_MAX_COVARIANCE_CHILDREN})`, positiveInt)
  .action(async (trace: string, o: { project: string; workload?: string; design?: string; maxChildren?: number }) => {
    const ws = Workspace.open(workspaceDir());
    try {
      const r = await importTrace(ws, { trace, project: o.project, workload: o.workload, design: o.design, maxCovarianceChildren: o.maxChildren });
      console.log(`run ${r.runId}: ${r.format} trace, ${r.cct.events} events, ${r.cct.threads.length} thread(s)`);
      for (const w of r.warnings) console.error(`warning: ${w}`);
    } finally {
      ws.close();
    }
  });

program
  .command("cct")
  .description("list the calling contexts of a run or a trace with N, mean, σ, CoV and totals")
  .argument("<run-or-trace>", "run id in the workspace, or a trace path")
  .addOption(new Option("--sort <key>", "order of contexts").choices(["total", "self", "cov"]).default("total"))
  .option("--thread <T>", "only thread T (tid, or pid/tid)")
  .option("--limit <n>", "show at most n contexts (0: all)", positiveInt, 0)
  .option("--json", "print JSON", false)
  .option("--max-children <n>", `for a trace: keep child covariance for contexts with at most n children (default ${DEFAULT_MAX_COVARIANCE_CHILDREN})`, positiveInt)
  .option("--on-cpu", "for a uftrace trace with scheduler events: leave the time threads spent off the CPU out", false)
  .action(async (target: string, o: { sort: "total" | "self" | "cov"; thread?: string; limit: number; json: boolean; maxChildren?: number; onCpu: boolean }) => {
    const { cct, label } = await loadCct(target, workspaceDir(), { maxCovarianceChildren: o.maxChildren, excludeOffCpu: o.onCpu });
    console.log(renderCct(cct, label, o));
  });

registerCampaignCommands(program, workspaceDir);
registerVarianceCommands(program, workspaceDir);

program
  .command("demo")
  .description("import the bundled example traces into a demo workspace and show its hottest and most variable contexts")
  .option("--dir <dir>", "demo workspace folder", process.env.VARBENCH_DEMO_DIR ?? ".varbench-demo")
  .action(async (o: { dir: string }) => {
    console.log(await runDemo(o.dir));
  });

program
  .command("start")
  .description("open the workbench: the Electron window, or browser mode when Electron is not installed")
  .option("--dir <dir>", "workspace folder (default: the demo workspace, created on first start)")
  .option("--port <n>", "browser mode: port on 127.0.0.1 (0: any free port)", positiveInt, 0)
  .option("--no-open", "browser mode: do not open a browser")
  .option("--browser", "browser mode even when Electron is installed", false)
  .action(async (o: { dir?: string; port: number; open: boolean; browser: boolean }) => {
    const demo = o.dir === undefined;
    await start({ workspace: o.dir ?? process.env.VARBENCH_DEMO_DIR ?? ".varbench-demo", demo, port: o.port, open: o.open, electron: !o.browser });
  });

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("expected a whole number ≥ 0");
  return n;
}

try {
  await program.parseAsync();
} catch (e) {
  console.error(`varbench: ${(e as Error).message}`);
  process.exitCode = 1;
}
