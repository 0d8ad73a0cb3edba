// `varbench workspace init`: declared here, run by workspace.ts.
import type { Command } from "commander";

export function declareWorkspace(program: Command): void {
  program
    .command("workspace")
    .description("manage workspaces")
    .command("init")
    .argument("[dir]", "folder of the new workspace", ".")
    .description("create a workspace (a SQLite file and an artifact folder)")
    .action(async (dir: string) => (await import("./workspace.js")).init(dir));
}
