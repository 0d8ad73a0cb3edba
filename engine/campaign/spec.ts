// The campaign spec (issue 3): YAML validated by one zod schema, so every
// error names its field and the line it is on. Keys the runner does not
// implement are rejected, never silently ignored.
import { LineCounter, parseDocument, isNode } from "yaml";
import { z } from "zod";
import { nameSchema as name } from "./names.js";

const argv = z.array(z.string().min(1)).min(1, "needs at least the program");
const scalar = z.union([z.string(), z.number(), z.boolean()]);
const duration = z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?(ms|s|m)$/, 'a number of seconds or e.g. "500ms", "30s", "2m"')]);

const workload = z.strictObject({
  name,
  argv,
  cwd: z.string().optional(),
  env: z.record(z.string(), z.string()).optional(),
  inputs: z.array(z.string()).optional(),
  features: z.record(z.string(), z.number()).optional(),
  requests: z.number().int().positive().optional(),
});

const design = z.strictObject({
  name,
  variables: z.record(z.string(), scalar).optional(),
  /** Run once per design, in its own build folder ({build_dir}), before its first run. */
  build: argv.optional(),
});

/** The profilers of DESIGN.md. */
export const PROFILER_NAMES = ["time", "uftrace", "callgrind", "gcov", "perf", "sampler"] as const;
const profilerName = z.enum(PROFILER_NAMES, { error: () => `one of: ${PROFILER_NAMES.join(", ")}` });
/** `profiler: uftrace`, or with options passed to it: `{ name: uftrace, options: [-t, 1us] }`. */
const profiler = z.preprocess(
  (p) => (typeof p === "string" ? { name: p } : p),
  z.strictObject({ name: profilerName, options: z.array(z.string()).default([]) }),
);

export const campaignSpecSchema = z.strictObject({
  project: name,
  name: name.optional(),
  designs: z.array(design).min(1),
  workloads: z.array(workload).min(1),
  repetitions: z.number().int().positive(),
  warmups: z.number().int().min(0).default(0),
  profiler: profiler.default({ name: "time", options: [] }),
  order: z.enum(["interleaved", "sequential"]).default("interleaved"),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  concurrency: z.number().int().positive().default(1),
  timeout: duration.default("600s"),
  prepare: argv.optional(),
  cleanup: argv.optional(),
  cpus: z.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'a CPU list such as "0" or "0,2-3"').optional(),
});

export type CampaignSpec = z.infer<typeof campaignSpecSchema>;
export type WorkloadSpec = CampaignSpec["workloads"][number];
export type DesignSpec = CampaignSpec["designs"][number];

export interface SpecIssue {
  readonly path: string;
  readonly line: number | null;
  readonly message: string;
}

export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly issues: readonly SpecIssue[],
  ) {
    super(issues.map((i) => `${file}${i.line ? `:${i.line}` : ""}: ${i.path ? `${i.path}: ` : ""}${i.message}`).join("\n"));
    this.name = "SpecError";
  }
}

export function parseCampaignSpec(text: string, file: string): CampaignSpec {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new SpecError(file, doc.errors.map((e) => ({ path: "", line: lines.linePos(e.pos[0]).line, message: `YAML: ${e.message.split("\n")[0]}` })));
  }
  const result = campaignSpecSchema.safeParse(doc.toJS());
  if (!result.success) {
    throw new SpecError(
      file,
      result.error.issues.map((issue) => {
        // An unknown key is reported at the key itself.
        const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
        const path = [...issue.path, ...keys.slice(0, 1)].map(String);
        return { path: path.join("."), line: lineOf(doc, lines, path), message: issue.code === "unrecognized_keys" ? `not a campaign field (${keys.join(", ")})` : issue.message };
      }),
    );
  }
  return result.data;
}

/** The line of the deepest node along `path` that exists in the document. */
function lineOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter, path: readonly string[]): number | null {
  for (let n = path.length; n >= 0; n--) {
    const keys = path.slice(0, n).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const node = n === 0 ? doc.contents : doc.getIn(keys, true);
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return null;
}

/** Seconds, or a string with a unit, as milliseconds. */
export function durationMs(d: number | string): number {
  if (typeof d === "number") return d * 1000;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(d)!;
  return Number(m[1]) * { ms: 1, s: 1000, m: 60000 }[m[2] as "ms" | "s" | "m"];
}
