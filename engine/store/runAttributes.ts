// The features and design variables of the runs of a campaign, of a project or of the whole workspace
// (campaign/runAttributes.ts), for the runs table's columns, filter and plot.
import type { Db } from "./database.js";
import { toColumns, type RunAttributes, type VariableValue } from "../campaign/runAttributes.js";

type Tuple = [
  id: number,
  campaignId: number | null,
  design: string | null,
  features: string,
  designVariables: string | null,
];

const isFeature = (e: [string, unknown]): e is [string, number] => typeof e[1] === "number" && Number.isFinite(e[1]);
const isScalar = (v: unknown): v is VariableValue =>
  typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));

export function runAttributes(db: Db, campaignId?: number, projectId?: number): RunAttributes {
  // The same filters and order as runRows (campaignQueries.ts), so the columns line up with runs.list.
  const filters = [
    ["r.campaign_id = ?", campaignId],
    ["r.project_id = ?", projectId],
  ].filter((f): f is [string, number] => f[1] !== undefined);
  const where = filters.length === 0 ? "" : `WHERE ${filters.map((f) => f[0]).join(" AND ")}`;
  const tuples = db
    .prepare(
      `SELECT r.id, r.campaign_id, d.name, r.features_json, d.variables_json FROM runs r LEFT JOIN designs d ON d.id = r.design_id ${where} ORDER BY r.campaign_id, r.ordinal, r.id`,
    )
    .raw()
    .all(...filters.map((f) => f[1])) as Tuple[];
  const specVariables = campaignVariables(db, [...new Set(tuples.map((t) => t[1]).filter((c) => c !== null))]);
  const features = tuples.map((t) => Object.fromEntries(Object.entries(JSON.parse(t[3]) as object).filter(isFeature)));
  const variables = tuples.map((t) => {
    // The campaign's own spec first: the designs table keeps the variables of the latest spec that named the design.
    const stored = t[2] === null ? undefined : specVariables.get(t[1] ?? -1)?.get(t[2]);
    const all = stored ?? (t[4] ? (JSON.parse(t[4]) as Record<string, unknown>) : {});
    return Object.fromEntries(Object.entries(all).filter((e): e is [string, VariableValue] => isScalar(e[1])));
  });
  return { runIds: tuples.map((t) => t[0]), features: toColumns(features), variables: toColumns(variables) };
}

/** Each campaign's designs' variables, by design name, as its stored spec gives them. */
function campaignVariables(db: Db, ids: readonly number[]): Map<number, Map<string, Record<string, unknown>>> {
  const get = db.prepare("SELECT spec_json FROM campaigns WHERE id = ?").pluck();
  const out = new Map<number, Map<string, Record<string, unknown>>>();
  for (const id of ids) {
    let designs: unknown;
    try {
      designs = (JSON.parse(String(get.get(id))) as { designs?: unknown }).designs;
    } catch {
      continue; // a spec that is not JSON: the designs table's variables stand in
    }
    if (!Array.isArray(designs)) continue;
    const byName = new Map<string, Record<string, unknown>>();
    for (const d of designs as { name?: unknown; variables?: unknown }[])
      if (typeof d?.name === "string" && d.variables && typeof d.variables === "object")
        byName.set(d.name, d.variables as Record<string, unknown>);
    out.set(id, byName);
  }
  return out;
}
