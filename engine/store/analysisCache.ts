// Results of analyses kept in the workspace (docs/design.md "Data flow"): keyed by
// the analysis' kind, a hash of its inputs (the runs and their artifacts),
// its parameters and the engine version that computed it, so a result is
// served again after a restart and computed afresh when any of them changes.
import type { Db } from "./database.js";

export interface AnalysisKey {
  readonly kind: string;
  readonly inputsKey: string;
  readonly parametersJson: string;
  readonly engineVersion: string;
}

export function cachedResult(db: Db, k: AnalysisKey): string | undefined {
  const row = db
    .prepare("SELECT result_json AS json FROM analyses WHERE kind = ? AND inputs_key = ? AND parameters_json = ? AND engine_version = ?")
    .get(k.kind, k.inputsKey, k.parametersJson, k.engineVersion) as { json: string } | undefined;
  return row?.json;
}

/** Results kept per kind: every slider position of every run viewed would otherwise stay forever. */
const MAX_RESULTS_PER_KIND = 500;

/** Stores a result. Results of the same kind from other engine versions are never served again, so
 * they go, and so do the oldest beyond MAX_RESULTS_PER_KIND. */
export function storeResult(db: Db, k: AnalysisKey, resultJson: string): void {
  db.transaction(() => {
    db.prepare("DELETE FROM analyses WHERE kind = ? AND engine_version != ?").run(k.kind, k.engineVersion);
    db.prepare("DELETE FROM analyses WHERE kind = ? AND id NOT IN (SELECT id FROM analyses WHERE kind = ? ORDER BY id DESC LIMIT ?)").run(k.kind, k.kind, MAX_RESULTS_PER_KIND - 1);
    db.prepare(
      `INSERT INTO analyses (kind, inputs_key, parameters_json, engine_version, result_json, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, inputs_key, parameters_json, engine_version) DO UPDATE SET result_json = excluded.result_json, created_at = excluded.created_at`,
    ).run(k.kind, k.inputsKey, k.parametersJson, k.engineVersion, resultJson, new Date().toISOString());
  })();
}

/** What an analysis of these runs reads, as rows: each run's id, status and times, and its artifacts' hashes. */
export function inputRows(db: Db, runIds: readonly number[]): unknown[] {
  const artifacts = db.prepare("SELECT kind, sha256 FROM artifacts WHERE run_id = ? ORDER BY kind, name");
  const run = db.prepare("SELECT id, status, warmup, wall_ns, user_ns, sys_ns, peak_rss_kb, features_json FROM runs WHERE id = ?");
  return runIds.map((id) => ({ run: run.get(id), artifacts: artifacts.all(id) }));
}
