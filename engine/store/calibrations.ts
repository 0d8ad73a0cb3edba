// An instrumenting tracer's own cost per call, as measured on a machine for a
// tool version and record options (runner/calibrate.ts), kept in the workspace
// so every verdict on runs recorded under the same conditions can say it.
import type { CalibrationFailure, ToolCalibration } from "../verdict/toolCost.js";
import type { Db } from "./database.js";

export interface CalibrationKey {
  readonly tool: string;
  readonly version: string;
  readonly host: string;
  readonly options: readonly string[];
}

/** Runs recorded before their environment named the host match a calibration of any host, the newest. */
export type RunsKey = Omit<CalibrationKey, "host"> & { readonly host: string | null };

interface Row {
  version: string;
  ns_per_call: number | null;
  inside_ns: number | null;
  low: number | null;
  high: number | null;
  how: string;
  failure: string | null;
  created_at: string;
}

const key = (k: CalibrationKey) => [k.tool, k.version, k.host, JSON.stringify(k.options)] as const;

export function findCalibration(db: Db, k: RunsKey): ToolCalibration | CalibrationFailure | null {
  const r = (
    k.host === null
      ? db
          .prepare(
            "SELECT * FROM calibrations WHERE tool = ? AND version = ? AND options_json = ? ORDER BY created_at DESC",
          )
          .get(k.tool, k.version, JSON.stringify(k.options))
      : db
          .prepare("SELECT * FROM calibrations WHERE tool = ? AND version = ? AND host = ? AND options_json = ?")
          .get(...key({ ...k, host: k.host }))
  ) as Row | undefined;
  if (!r) return null;
  if (r.failure !== null || r.ns_per_call === null)
    return { failure: r.failure ?? "not measured", measuredAt: r.created_at };
  return {
    tool: k.tool,
    version: r.version,
    nsPerCall: r.ns_per_call,
    insideNs: r.inside_ns ?? 0,
    low: r.low ?? r.ns_per_call,
    high: r.high ?? r.ns_per_call,
    measuredAt: r.created_at,
    how: r.how,
  };
}

export function saveCalibration(
  db: Db,
  k: CalibrationKey,
  c: { nsPerCall: number; insideNs: number; low: number; high: number; how: string } | { failure: string; how: string },
): void {
  const measured = "nsPerCall" in c;
  db.prepare(
    `INSERT INTO calibrations (tool, version, host, options_json, ns_per_call, inside_ns, low, high, how, failure, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (tool, version, host, options_json) DO UPDATE SET ns_per_call = excluded.ns_per_call, inside_ns = excluded.inside_ns, low = excluded.low,
       high = excluded.high, how = excluded.how, failure = excluded.failure, created_at = excluded.created_at`,
  ).run(
    ...key(k),
    measured ? c.nsPerCall : null,
    measured ? c.insideNs : null,
    measured ? c.low : null,
    measured ? c.high : null,
    c.how,
    measured ? null : c.failure,
    new Date().toISOString(),
  );
}

export function isCalibrated(c: ToolCalibration | CalibrationFailure | null): c is ToolCalibration {
  return c !== null && "nsPerCall" in c;
}

/** The profiler version and host most of these runs recorded in their environment (null: none recorded). */
export function runsRecordedUnder(db: Db, runIds: readonly number[]): { version: string; host: string | null } | null {
  const counts = new Map<string, { version: string; host: string | null; n: number }>();
  const get = db.prepare(
    "SELECT json_extract(environment_json, '$.profiler') AS version, json_extract(environment_json, '$.host') AS host FROM runs WHERE id = ?",
  );
  for (const id of runIds) {
    const r = get.get(id) as { version: string | null; host: string | null } | undefined;
    if (!r?.version) continue;
    const k = `${r.version}\u0000${r.host ?? ""}`;
    const c = counts.get(k) ?? { version: r.version, host: r.host, n: 0 };
    c.n++;
    counts.set(k, c);
  }
  const best = [...counts.values()].sort((x, y) => y.n - x.n)[0];
  return best ? { version: best.version, host: best.host } : null;
}
