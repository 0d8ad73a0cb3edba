// The arguments every execution-pattern analysis shares (paper 004), with their one set of
// defaults and their flags: declared apart from the host half (patternRuns.ts) so the analyses'
// declarations load without it.
import * as z from "zod";
import { MEASURES } from "../campaign/measures.js";
import { ALIGNED_INTERVALS, DEFAULT_SEED, MAX_PATTERNS } from "../patterns/parameters.js";

export const PATTERN_SOURCES = ["auto", "uftrace", "sampler"] as const;
export type PatternSource = (typeof PATTERN_SOURCES)[number];

/** The arguments every execution-pattern analysis shares, with their one set of defaults. */
export const patternArgs = () => ({
  /** The measure summarised per pattern and compared; null: the one the campaign's profiler declares. */
  metric: z.enum(MEASURES).nullable().default(null),
  /** Per-thread timelines from the runs' traces (uftrace) or their /proc samples (sampler); auto: traces where the runs have them. */
  source: z.enum(PATTERN_SOURCES).default("auto"),
  intervals: z.number().int().min(2).max(200).default(ALIGNED_INTERVALS),
  kmax: z.number().int().min(1).max(100).default(MAX_PATTERNS),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(DEFAULT_SEED),
  alignThreads: z.boolean().default(true),
});

/** The command-line flags of the shared arguments (cli/failure.ts words a refused argument by its flag). */
export const patternFlags = {
  metric: "--metric",
  source: "--source",
  intervals: "--intervals",
  kmax: "--kmax",
  seed: "--seed",
} as const;

export type PatternArgs = z.output<z.ZodObject<ReturnType<typeof patternArgs>>>;
