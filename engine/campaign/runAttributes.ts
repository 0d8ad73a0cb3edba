// What a run is described by beyond its RunRow (readModels.ts): its features (the workload's, with what
// the run itself reported laid over them) and its design's variables, as the campaign's spec gave them.
// Sent by column, one array per name aligned with `runIds`, because at 100,000 runs a record per run
// repeats every name 100,000 times (the runs table loads it beside runs.list).

import type { MeasureName } from "./measures.js";

/** A design variable's value (campaign/spec.ts: a scalar). */
export type VariableValue = string | number | boolean;

export interface RunAttributeColumn<V> {
  readonly name: string;
  /** One value per run of `runIds`, in its order; null where the run has none of that name. */
  readonly values: readonly (V | null)[];
}

export interface RunAttributes {
  /** The runs described, in runs.list's order for the same arguments. */
  readonly runIds: readonly number[];
  /** Numeric features only (a non-number in features_json is not a feature a table can sort or plot). */
  readonly features: readonly RunAttributeColumn<number>[];
  readonly variables: readonly RunAttributeColumn<VariableValue>[];
  /** The measure the verdict uses for these runs (measures.ts, campaignMeasures' default for the campaign's
   * profiler): of the campaign most of them belong to; null where none belongs to a campaign. */
  readonly defaultMeasure: MeasureName | null;
}

/** Columns from one record per run: every name any run has, in first-seen order. */
export function toColumns<V>(records: readonly Readonly<Record<string, V>>[]): RunAttributeColumn<V>[] {
  const names = new Map<string, (V | null)[]>();
  records.forEach((r, i) => {
    for (const [k, v] of Object.entries(r)) {
      let column = names.get(k);
      if (!column) names.set(k, (column = new Array<V | null>(records.length).fill(null)));
      column[i] = v;
    }
  });
  return [...names].map(([name, values]) => ({ name, values }));
}
