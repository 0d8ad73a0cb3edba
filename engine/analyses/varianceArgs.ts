// The arguments every dominant variance analysis shares (papers 000, 001), with their one set
// of defaults and their flags: declared apart from the host half (dominantVariance.ts) so the
// analyses' declarations load without it.
import * as z from "zod";
import { MAX_COVARIANCE_CHILDREN } from "../cct/cct.js";
import { DEFAULT_ON_CPU, DEFAULT_PARAMETERS, DEFAULT_PROBABILITY, DEFAULT_WINDOW } from "../variance/parameters.js";

/** A cost per call past a millisecond is no tracer's (uftrace costs hundreds of ns here): a typo. */
export const MAX_TOOL_COST_NS = 1e6;

/** The arguments every dominant variance analysis shares, with their one set of defaults. */
export const varianceArgs = () => ({
  /** CoV at or above which a context is high-variant; absent: from window and probability. */
  covThreshold: z.number().positive().optional(),
  window: z.number().positive().default(DEFAULT_WINDOW),
  probability: z.number().gt(0).lt(1).default(DEFAULT_PROBABILITY),
  cutoff: z.number().min(0).max(1).default(DEFAULT_PARAMETERS.significanceCutoff),
  onCpu: z.boolean().default(DEFAULT_ON_CPU),
  /** The tracer's own cost per recorded call, ns, taken out of every context's time (builds the
   * CCT again; 0: the time as recorded). A measured value for the tracer on this machine. */
  toolCostNs: z.number().min(0).max(MAX_TOOL_COST_NS).default(0),
  /** The part of it between a call's own entry and exit records (an empty function's recorded
   * time), at most toolCostNs; 0 charges each call's whole cost to its caller (CctOptions). */
  toolCostInsideNs: z.number().min(0).max(MAX_TOOL_COST_NS).default(0),
  /** Take out uftrace's cost as calibrated on the machine and options the runs were recorded with
   * (runner/calibrate.ts), in place of toolCostNs and toolCostInsideNs. */
  calibratedToolCost: z.boolean().default(false),
  /** Keep child covariance for contexts with at most this many children (builds the CCT again). */
  maxChildren: z.number().int().positive().max(MAX_COVARIANCE_CHILDREN).optional(),
});

/** The command-line flags of the shared arguments (cli/failure.ts words a refused argument by its flag). */
export const varianceFlags = {
  covThreshold: "--cov",
  window: "--window",
  probability: "--probability",
  cutoff: "--cutoff",
  maxChildren: "--max-children",
} as const;

export type VarianceArgs = z.output<z.ZodObject<ReturnType<typeof varianceArgs>>>;
