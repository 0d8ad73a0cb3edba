// Dominant variance analysis of a trace or a stored run: the CCT built (on-CPU
// time if asked), the analysis prepared, the confirmation pass run as one more
// streaming read of the same trace when candidates need it (paper 000 §2.2),
// and the result completed. The engine's pure steps do all the rest.
import { mergeThreads } from "../cct/merge.js";
import { CctBuilder } from "../cct/cctBuilder.js";
import type { Cct } from "../cct/cct.js";
import { sourceSink } from "../trace/sink.js";
import { readTraceFile, readTraceInto } from "./readTrace.js";
import { buildRunCct, readRunTrace } from "../store/runTrace.js";
import type { Workspace } from "../store/workspace.js";
import { completeAnalysis, prepareAnalysis, segmentsOf, vcgPatterns, type PreparedAnalysis } from "../variance/analyze.js";
import type { VarianceParameters } from "../variance/parameters.js";
import type { DominantVarianceResult } from "../variance/result.js";
import { formatNs } from "../report/format.js";
import { preorder } from "../variance/vcgTypes.js";

/** A trace file or directory, a stored run, or stored runs pooled (a design's runs). */
export type VarianceSource = { readonly trace: string } | { readonly ws: Workspace; readonly runId: number } | { readonly ws: Workspace; readonly runIds: readonly number[] };

export interface VarianceOptions {
  /** uftrace: leave switched-out time out (on-CPU time). */
  readonly excludeOffCpu?: boolean;
}

export async function prepareVariance(source: VarianceSource, parameters: VarianceParameters, options: VarianceOptions = {}): Promise<PreparedAnalysis> {
  const cct = await buildCct(source, options);
  const prep = prepareAnalysis(mergeThreads(cct), cct.functions, parameters);
  if (prep.pass) await readAgain(source, new CctBuilder({ covariance: false, watch: prep.pass }), options);
  return prep;
}

export async function analyzeVariance(source: VarianceSource, parameters: VarianceParameters, options: VarianceOptions = {}): Promise<DominantVarianceResult> {
  return completeAnalysis(await prepareVariance(source, parameters, options), formatNs);
}

export interface SweepRow {
  readonly tauS: number;
  readonly beta: number;
  readonly nodes: number;
  readonly patterns: number;
}

/** Nodes and patterns over τ_S and β (the shape of 000 Table 1), from one preparation. */
export function sweep(prep: PreparedAnalysis, taus: readonly number[], betas: readonly number[]): { initial: { nodes: number; patterns: number }; rows: SweepRow[] } {
  const segments = segmentsOf(prep);
  let initial = { nodes: 0, patterns: 0 };
  const rows = betas.flatMap((beta) =>
    taus.map((tauS) => {
      const r = vcgPatterns(prep, segments, tauS, beta);
      initial = r.initial;
      return { tauS, beta, nodes: r.roots.reduce((n, x) => n + [...preorder(x)].length, 0), patterns: r.roots.length };
    }),
  );
  return { initial, rows };
}

async function buildCct(source: VarianceSource, options: VarianceOptions): Promise<Cct> {
  if ("trace" in source) return (await readTraceFile(source.trace, { excludeOffCpu: options.excludeOffCpu })).cct;
  if ("runId" in source) return buildRunCct(source.ws, source.runId, { excludeOffCpu: options.excludeOffCpu });
  // Several runs into one builder: contexts with the same call chain pool across runs (merged threads).
  const sink = new CctBuilder();
  for (const [i, runId] of source.runIds.entries()) await readRunTrace(source.ws, runId, sourceSink(sink, i), options);
  return sink.finish();
}

/** The second pass, with a watcher: the same reader over the same bytes. */
async function readAgain(source: VarianceSource, sink: CctBuilder, options: VarianceOptions): Promise<void> {
  if ("trace" in source) await readTraceInto(source.trace, sink, options);
  else if ("runId" in source) await readRunTrace(source.ws, source.runId, sink, options);
  else for (const [i, runId] of source.runIds.entries()) await readRunTrace(source.ws, runId, sourceSink(sink, i), options);
}
