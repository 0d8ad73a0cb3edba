// The features and design variables of the runs of a campaign, of a project or of the whole workspace
// (campaign/runAttributes.ts), for the runs table's columns, filter and plot.
import type { Db } from "./database.js";
import { toColumns, type RunAttributes, type VariableValue } from "../campaign/runAttributes.js";
import { campaignMeasures, type MeasureName } from "../campaign/measures.js";

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
  const specs = campaignSpecs(db, [...new Set(tuples.map((t) => t[1]).filter((c) => c !== null))]);
  const specVariables = new Map([...specs].map(([id, spec]) => [id, designVariables(spec)]));
  const features = tuples.map((t) => Object.fromEntries(Object.entries(JSON.parse(t[3]) as object).filter(isFeature)));
  const variables = tuples.map((t) => {
    // The campaign's own spec first: the designs table keeps the variables of the latest spec that named the design.
    const stored = t[2] === null ? undefined : specVariables.get(t[1] ?? -1)?.get(t[2]);
    const all = stored ?? (t[4] ? (JSON.parse(t[4]) as Record<string, unknown>) : {});
    return Object.fromEntries(Object.entries(all).filter((e): e is [string, VariableValue] => isScalar(e[1])));
  });
  return {
    runIds: tuples.map((t) => t[0]),
    features: toColumns(features),
    variables: toColumns(variables),
    defaultMeasure: defaultMeasure(tuples, specs),
  };
}

/** The verdict's measure for the campaign holding most of these runs (the first such in their order on a tie). */
function defaultMeasure(tuples: readonly Tuple[], specs: ReadonlyMap<number, Spec>): MeasureName | null {
  const count = new Map<number, number>();
  for (const t of tuples) if (t[1] !== null) count.set(t[1], (count.get(t[1]) ?? 0) + 1);
  let most: number | null = null;
  for (const [id, n] of count) if (most === null || n > count.get(most)!) most = id;
  if (most === null) return null;
  const spec = specs.get(most);
  const profiler = spec?.profiler as { name?: unknown } | undefined;
  return campaignMeasures(typeof profiler?.name === "string" ? profiler.name : "", spec?.timing !== undefined).default;
}

type Spec = { readonly designs?: unknown; readonly profiler?: unknown; readonly timing?: unknown };

/** Each campaign's stored spec (null where it is not JSON). */
function campaignSpecs(db: Db, ids: readonly number[]): Map<number, Spec> {
  const get = db.prepare("SELECT spec_json FROM campaigns WHERE id = ?").pluck();
  const out = new Map<number, Spec>();
  for (const id of ids) {
    try {
      const spec = JSON.parse(String(get.get(id))) as unknown;
      if (spec && typeof spec === "object") out.set(id, spec as Spec);
    } catch {
      continue; // a spec that is not JSON: the designs table's variables stand in
    }
  }
  return out;
}

/** A campaign's designs' variables, by design name, as its stored spec gives them. */
function designVariables(spec: Spec): Map<string, Record<string, unknown>> {
  const byName = new Map<string, Record<string, unknown>>();
  if (!Array.isArray(spec.designs)) return byName;
  for (const d of spec.designs as { name?: unknown; variables?: unknown }[])
    if (typeof d?.name === "string" && d.variables && typeof d.variables === "object")
      byName.set(d.name, d.variables as Record<string, unknown>);
  return byName;
}
