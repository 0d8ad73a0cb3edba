// What a command's `<run-or-trace>` argument names: a run of the workspace
// (digits that are not a path), or a trace file or directory.
import { existsSync } from "node:fs";
import { Workspace } from "../store/workspace.js";

export type Target = { readonly ws: Workspace; readonly runId: number } | { readonly trace: string };

/** Calls `f` with the run (its workspace open for the call) or the trace path. */
export async function withTarget<T>(target: string, workspaceDir: string, f: (t: Target) => Promise<T>): Promise<T> {
  if (!/^\d+$/.test(target) || existsSync(target)) return f({ trace: target });
  const ws = Workspace.open(workspaceDir);
  try {
    return await f({ ws, runId: Number(target) });
  } finally {
    ws.close();
  }
}
