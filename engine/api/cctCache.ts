// Parsed CCTs of recently viewed runs: a run's CCT never changes once stored,
// and parsing a large one takes longer than a view should wait twice.
import type { Cct } from "../cct/cct.js";
import type { Workspace } from "../store/workspace.js";
import { loadRunCct } from "../store/runCct.js";

/** Enough for two compared designs of a small campaign and the run in view. */
const MAX_CACHED = 16;

export class CctCache {
  private readonly entries = new Map<string, Promise<Cct>>();

  get(ws: Workspace, runId: number): Promise<Cct> {
    const key = `${ws.dir}\u0000${runId}`;
    let p = this.entries.get(key);
    if (p) {
      this.entries.delete(key); // most recent last
    } else {
      p = loadRunCct(ws, runId);
      p.catch(() => this.entries.delete(key));
    }
    this.entries.set(key, p);
    while (this.entries.size > MAX_CACHED) this.entries.delete(this.entries.keys().next().value!);
    return p;
  }
}
