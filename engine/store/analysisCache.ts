// Results of analyses kept in the workspace (docs/design.md "Data flow"): keyed by
// the analysis' kind, a hash of its inputs (the runs and their artifacts),
// its parameters and the engine version that computed it, so a result is
// served again after a restart and computed afresh when any of them changes.
import { createHash } from "node:crypto";
import { writeTransaction, type Db } from "./database.js";
import { parseKeepingText } from "../io/jsonText.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export interface AnalysisKey {
  readonly kind: string;
  readonly inputsKey: string;
  readonly parametersJson: string;
  readonly engineVersion: string;
}

/** The kept result, parsed; undefined when there is none, or when the one kept does not match its
 * checksum or does not parse (a damaged or hand-edited row): it is dropped and computed again. With
 * `withText`, its text stays known while the result lives (io/jsonText.ts): a result an analysis answers with. */
export function cachedResult(db: Db, k: AnalysisKey, withText = false): unknown {
  const row = db
    .prepare(
      "SELECT id, result_json AS json, result_sha256 AS sha FROM analyses WHERE kind = ? AND inputs_key = ? AND parameters_json = ? AND engine_version = ?",
    )
    .get(k.kind, k.inputsKey, k.parametersJson, k.engineVersion) as
    { id: number; json: string; sha: string | null } | undefined;
  if (!row) return undefined;
  if (row.sha === sha256(row.json)) {
    try {
      return withText ? parseKeepingText(row.json) : JSON.parse(row.json);
    } catch {
      // Falls through: a checksum over text that does not parse was written by hand.
    }
  }
  try {
    db.prepare("DELETE FROM analyses WHERE id = ?").run(row.id);
  } catch {
    // A read-only workspace keeps the damaged row; it is never served all the same.
  }
  return undefined;
}

/** Results kept per kind: every slider position of every run viewed would otherwise stay forever. */
const MAX_RESULTS_PER_KIND = 500;

/** Stores a result. Results of the same kind from other engine versions are never served again, so
 * they go, and so do the oldest beyond `keep` (a kind of many small rows, runProducts.ts, keeps more). */
export function storeResult(db: Db, k: AnalysisKey, resultJson: string, keep = MAX_RESULTS_PER_KIND): void {
  storeResults(db, [{ key: k, resultJson }], keep);
}

/** Stores results of one kind and engine version (their keys') in one transaction: that kind's rows of other
 * versions go, and its oldest beyond room for these within `keep`, so every result stored stays (of more than
 * `keep`, the last `keep`). The runs' timelines of a campaign read at once were forty transactions, three
 * statements prepared for each. */
export function storeResults(
  db: Db,
  results: readonly { readonly key: AnalysisKey; readonly resultJson: string }[],
  keep = MAX_RESULTS_PER_KIND,
): void {
  if (results.length === 0) return;
  const { kind, engineVersion } = results[0].key;
  if (results.some((r) => r.key.kind !== kind || r.key.engineVersion !== engineVersion))
    throw new Error(`storeResults: results of more than one kind or engine version (${kind} ${engineVersion})`);
  const stored = results.slice(-keep);
  writeTransaction(db, () => {
    db.prepare("DELETE FROM analyses WHERE kind = ? AND engine_version != ?").run(kind, engineVersion);
    // Room for the new ones first: a result written over one that stays keeps its place.
    db.prepare(
      "DELETE FROM analyses WHERE kind = ? AND id NOT IN (SELECT id FROM analyses WHERE kind = ? ORDER BY id DESC LIMIT ?)",
    ).run(kind, kind, keep - stored.length);
    const insert = db.prepare(
      `INSERT INTO analyses (kind, inputs_key, parameters_json, engine_version, result_json, result_sha256, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, inputs_key, parameters_json, engine_version) DO UPDATE SET result_json = excluded.result_json, result_sha256 = excluded.result_sha256, created_at = excluded.created_at`,
    );
    const now = new Date().toISOString();
    for (const { key, resultJson } of stored)
      insert.run(kind, key.inputsKey, key.parametersJson, engineVersion, resultJson, sha256(resultJson), now);
  });
}

/** What an analysis of these runs reads, as rows: each run's id, status and times, and its artifacts' hashes. */
export function inputRows(db: Db, runIds: readonly number[]): unknown[] {
  const artifacts = db.prepare("SELECT kind, sha256 FROM artifacts WHERE run_id = ? ORDER BY kind, name");
  const run = db.prepare(
    "SELECT id, status, warmup, wall_ns, user_ns, sys_ns, peak_rss_kb, features_json FROM runs WHERE id = ?",
  );
  return runIds.map((id) => ({ run: run.get(id), artifacts: artifacts.all(id) }));
}
