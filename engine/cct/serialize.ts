// A CCT as a JSON artifact and back. Typed columns become plain arrays;
// the version guards against reading a tree written by an incompatible engine.
import type { ContextColumns } from "./contextTable.js";
import { CCT_FORMAT_VERSION, type Cct, type ThreadCct } from "./cct.js";

type Json = Record<string, unknown>;

export function serializeCct(cct: Cct): string {
  return JSON.stringify({
    ...cct,
    threads: cct.threads.map((t) => ({ ...t, contexts: columnsToJson(t.contexts) })),
  });
}

export function parseCct(text: string, source = "CCT"): Cct {
  const raw = JSON.parse(text) as Json;
  if (raw.version !== CCT_FORMAT_VERSION) {
    throw new Error(
      `${source}: CCT format version ${String(raw.version)} is not ${CCT_FORMAT_VERSION}; re-import the trace`,
    );
  }
  const threads = (raw.threads as Json[]).map(
    (t) => ({ ...t, contexts: columnsFromJson(t.contexts as Json) }) as ThreadCct,
  );
  return { ...(raw as unknown as Cct), threads };
}

const INT_COLUMNS = ["parent", "fn"] as const;
const FLOAT_COLUMNS = ["n", "meanNs", "m2", "minNs", "maxNs", "inclusiveNs", "selfNs", "calledOnce"] as const;

function columnsToJson(c: ContextColumns): Json {
  const out: Json = { size: c.size, covariance: c.covariance, covarianceOmitted: c.covarianceOmitted };
  for (const k of INT_COLUMNS) out[k] = Array.from(c[k]);
  // ±Infinity (min/max of a context never finished) has no JSON form: null. A plain loop: Array.from
  // with a mapping function takes a generic path, two seconds for a million contexts' columns.
  for (const k of FLOAT_COLUMNS) {
    const column = c[k];
    const values = new Array<number | null>(column.length);
    for (let i = 0; i < column.length; i++) values[i] = Number.isFinite(column[i]) ? column[i] : null;
    out[k] = values;
  }
  return out;
}

function columnsFromJson(j: Json): ContextColumns {
  const floats = (k: string, missing: number) => Float64Array.from(j[k] as (number | null)[], (v) => v ?? missing);
  return {
    size: j.size as number,
    parent: Int32Array.from(j.parent as number[]),
    fn: Int32Array.from(j.fn as number[]),
    n: floats("n", 0),
    meanNs: floats("meanNs", 0),
    m2: floats("m2", 0),
    minNs: floats("minNs", Infinity),
    maxNs: floats("maxNs", -Infinity),
    inclusiveNs: floats("inclusiveNs", 0),
    selfNs: floats("selfNs", 0),
    // Counted since issue 11; a CCT stored before holds none (NaN: not known).
    calledOnce: j.calledOnce === undefined ? new Float64Array(j.size as number).fill(NaN) : floats("calledOnce", NaN),
    covariance: j.covariance as ContextColumns["covariance"],
    covarianceOmitted: j.covarianceOmitted as number[],
  };
}
