// The stored CCT of a run, parsed from its artifact.
import type { Cct } from "../cct/cct.js";
import { parseCct } from "../cct/serialize.js";
import { artifactsOf, getRun } from "../store/repositories.js";
import type { Workspace } from "../store/workspace.js";

export async function loadRunCct(ws: Workspace, id: number): Promise<Cct> {
  if (!getRun(ws.db, id)) throw new Error(`run ${id} does not exist in ${ws.dir}`);
  const art = artifactsOf(ws.db, id).find((a) => a.kind === "cct");
  if (!art) throw new Error(`run ${id} has no CCT (it holds no trace)`);
  return parseCct(await ws.artifacts.readText(art.path), `run ${id}`);
}
