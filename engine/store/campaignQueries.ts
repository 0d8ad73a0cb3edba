// Read-side queries of campaigns and runs for the API.
import type { CampaignSpec } from "../campaign/spec.js";
import type { Db } from "./database.js";
import type { RunRow } from "../campaign/readModels.js";
import { orderWorkloads } from "../campaign/workloadOrder.js";

/** The Slurm node a run ran on (its environment's slurm.node); null for a run of this machine. */
const NODE = "json_extract(r.environment_json, '$.slurm.node')";

const RUN_COLUMNS = `r.id, r.campaign_id, d.name, w.name, r.repetition, r.warmup, r.attempt, r.status, r.exit_code, r.signal,
  r.wall_ns, r.user_ns, r.sys_ns, r.peak_rss_kb, r.message, EXISTS (SELECT 1 FROM artifacts a WHERE a.run_id = r.id AND a.kind = 'cct'), ${NODE},
  r.measures_json, r.role, json_extract(r.environment_json, '$.otherCpuNs'), json_extract(r.environment_json, '$.usableCpus')`;
type RunTuple = [
  number,
  number | null,
  string | null,
  string | null,
  number | null,
  number,
  number,
  string,
  number | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  number,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
];

/** Runs of a campaign, of a project, or one run by id (each filter optional). */
export function runRows(db: Db, campaignId?: number, projectId?: number, runId?: number): RunRow[] {
  // Only the filters given, so SQLite looks a run up by id and a campaign's
  // runs up by index ("? IS NULL OR" read every row: 100,000 for one run).
  const filters = [
    ["r.campaign_id = ?", campaignId],
    ["r.project_id = ?", projectId],
    ["r.id = ?", runId],
  ].filter((f): f is [string, number] => f[1] !== undefined);
  const where = filters.length === 0 ? "" : `WHERE ${filters.map((f) => f[0]).join(" AND ")}`;
  // Rows as arrays, made into objects of one shape here: better-sqlite3's
  // named rows took twice as long at 100,000 runs (the runs table's load).
  const tuples = db
    .prepare(
      `SELECT ${RUN_COLUMNS} FROM runs r LEFT JOIN designs d ON d.id = r.design_id LEFT JOIN workloads w ON w.id = r.workload_id ${where} ORDER BY r.campaign_id, r.ordinal, r.id`,
    )
    .raw()
    .all(...filters.map((f) => f[1])) as RunTuple[];
  return tuples.map((t) => ({
    id: t[0],
    campaignId: t[1],
    design: t[2],
    workload: t[3],
    repetition: t[4],
    warmup: t[5] === 1,
    attempt: t[6],
    status: t[7],
    exitCode: t[8],
    signal: t[9],
    wallNs: t[10],
    userNs: t[11],
    sysNs: t[12],
    peakRssKb: t[13],
    message: t[14],
    hasCct: t[15] === 1,
    node: t[16] || null,
    measures: t[17] ? (JSON.parse(t[17]) as Record<string, number>) : {},
    role: t[18] === "timing" ? "timing" : null,
    otherCpuNs: typeof t[19] === "number" ? t[19] : null,
    usableCpus: typeof t[20] === "number" ? t[20] : null,
  }));
}

export function runRow(db: Db, id: number): RunRow | undefined {
  return runRows(db, undefined, undefined, id)[0];
}

/** A run's numeric features (features_json), the non-numbers left out. */
export function runFeatures(db: Db, id: number): Record<string, number> {
  const r = db.prepare("SELECT features_json AS f FROM runs WHERE id = ?").get(id) as { f: string } | undefined;
  const all = r ? (JSON.parse(r.f) as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(all).filter((e): e is [string, number] => typeof e[1] === "number" && Number.isFinite(e[1])),
  );
}

export function runDetails(db: Db, id: number): Record<string, unknown> {
  const r = db.prepare("SELECT * FROM runs WHERE id = ?").get(id) as Record<string, unknown> | undefined;
  if (!r) throw new Error(`run ${id} does not exist`);
  const artifacts = db
    .prepare("SELECT kind, name, path, sha256, size_bytes AS sizeBytes FROM artifacts WHERE run_id = ?")
    .all(id);
  const json = (k: string) => (typeof r[k] === "string" ? JSON.parse(r[k] as string) : null);
  return {
    ...r,
    plan_json: undefined,
    environment_json: undefined,
    features_json: undefined,
    plan: json("plan_json"),
    environment: json("environment_json"),
    features: json("features_json"),
    artifacts,
  };
}

/** The spec a campaign was planned from, as stored (validated when it was planned). */
export function campaignSpec(db: Db, campaignId: number): CampaignSpec | null {
  const r = db.prepare("SELECT spec_json AS s FROM campaigns WHERE id = ?").get(campaignId) as
    { s: string } | undefined;
  return r ? (JSON.parse(r.s) as CampaignSpec) : null;
}

/**
 * A campaign's workloads in workload order (campaign/workloadOrder.ts), each with the features that tell
 * it from the others: those it declares, and for a workload of input files their measured sizes
 * (input_bytes, input_lines…) from its first succeeded run. Features a run reports of itself vary from
 * run to run and do not order workloads.
 */
export function campaignWorkloads(db: Db, campaignId: number): { name: string; features: Record<string, number> }[] {
  const spec = campaignSpec(db, campaignId);
  const names = spec
    ? spec.workloads.map((w) => w.name)
    : (
        db
          .prepare(
            "SELECT DISTINCT w.name AS n FROM runs r JOIN workloads w ON w.id = r.workload_id WHERE r.campaign_id = ?",
          )
          .all(campaignId) as { n: string }[]
      ).map((r) => r.n);
  const declared = db.prepare(
    "SELECT w.features_json AS f FROM workloads w JOIN campaigns c ON c.project_id = w.project_id WHERE c.id = ? AND w.name = ?",
  );
  const firstRun = db.prepare(
    "SELECT r.features_json AS f FROM runs r JOIN workloads w ON w.id = r.workload_id WHERE r.campaign_id = ? AND w.name = ? AND r.status IN ('succeeded', 'imported') ORDER BY r.ordinal LIMIT 1",
  );
  const numbers = (json: string | undefined, keep: (k: string) => boolean) =>
    Object.fromEntries(
      Object.entries(json ? (JSON.parse(json) as Record<string, unknown>) : {}).filter(
        (e): e is [string, number] => keep(e[0]) && typeof e[1] === "number" && Number.isFinite(e[1]),
      ),
    );
  const workloads = names.map((name) => {
    const own =
      spec?.workloads.find((w) => w.name === name)?.features ??
      numbers((declared.get(campaignId, name) as { f: string } | undefined)?.f, () => true);
    const inputs = numbers((firstRun.get(campaignId, name) as { f: string } | undefined)?.f, (k) => /^input_/.test(k));
    return { name, features: { ...inputs, ...own } };
  });
  return orderWorkloads(workloads);
}
