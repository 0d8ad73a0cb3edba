// `varbench demo` and `varbench start`: the workbench on a demo workspace or
// another; declared here, run by ../demo.ts and ../startCommand.ts.
import type { Command } from "commander";
import { port } from "../optionParsers.js";

/** The demo workspace's folder when --dir names none. */
const demoDir = () => process.env.VARBENCH_DEMO_DIR ?? ".varbench-demo";

export function declareDemo(program: Command): void {
  program
    .command("demo")
    .description(
      "import the bundled example traces into a demo workspace and show its hottest and most variable contexts",
    )
    .option("--dir <dir>", "demo workspace folder", demoDir())
    // Each step said as it ends (a first build runs eight campaigns: minutes), then the report.
    .action(async (o: { dir: string }) =>
      console.log(await (await import("../demo.js")).runDemo(o.dir, (line) => console.log(line))),
    );
}

export function declareStart(program: Command): void {
  program
    .command("start")
    .description("open the workbench: the Electron window, or browser mode when Electron is not installed")
    .option("--dir <dir>", "workspace folder (default: the demo workspace, created on first start)")
    .option("--port <n>", "browser mode: port on 127.0.0.1, 1–65535 (0: any free port)", port, 0)
    .option("--no-open", "browser mode: do not open a browser")
    .option("--browser", "browser mode even when Electron is installed", false)
    .action(async (o: { dir?: string; port: number; open: boolean; browser: boolean }) => {
      const { start } = await import("../startCommand.js");
      await start({
        workspace: o.dir ?? demoDir(),
        demo: o.dir === undefined,
        port: o.port,
        open: o.open,
        electron: !o.browser,
      });
    });
}
