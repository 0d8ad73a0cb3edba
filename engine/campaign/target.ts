// What an analysis looks at: one run, a design's runs in a campaign (on one
// workload or all), a whole campaign, or a trace file outside any workspace.
// One text form for the command line and the workbench's URLs, so
// "design:3:blocks-60" means the same thing everywhere (the API's schema is
// targetSchema.ts; this file stays free of it, for the renderer).

export const TARGET_KINDS = ["run", "design", "campaign", "trace"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export type Target =
  | { readonly kind: "run"; readonly runId: number }
  | { readonly kind: "design"; readonly campaignId: number; readonly design: string; readonly workload: string | null }
  | { readonly kind: "campaign"; readonly campaignId: number }
  | { readonly kind: "trace"; readonly path: string };

/** A target as callers may write it: a design's workload may be left out (all workloads). */
export type TargetArg =
  | Exclude<Target, { kind: "design" }>
  | {
      readonly kind: "design";
      readonly campaignId: number;
      readonly design: string;
      readonly workload?: string | null;
    };

/** How each kind is written, for messages and --help. */
export const TARGET_FORMS: Readonly<Record<TargetKind, string>> = {
  run: "a run id (12 or run:12)",
  design: "a design's runs (design:<campaign>:<design>[:<workload>])",
  campaign: "a campaign (campaign:3)",
  trace: "a trace file or uftrace data directory",
};

/** The text form: "run:12", "design:3:blocks-60[:frames-120]", "campaign:3", or the trace's path. */
export function formatTarget(t: TargetArg): string {
  switch (t.kind) {
    case "run":
      return `run:${t.runId}`;
    case "design":
      return `design:${t.campaignId}:${t.design}${t.workload ? `:${t.workload}` : ""}`;
    case "campaign":
      return `campaign:${t.campaignId}`;
    case "trace":
      return t.path;
  }
}

/** Reads the text form. Bare digits name the first of run or campaign that `accepts` holds;
 * anything that is not one of the prefixed forms is a trace path. Null: not a target at all. */
export function parseTarget(text: string, accepts: readonly TargetKind[] = TARGET_KINDS): TargetArg | null {
  const digits = /^\d+$/;
  if (digits.test(text)) {
    const kind = accepts.includes("run") || !accepts.includes("campaign") ? "run" : "campaign";
    return kind === "run" ? { kind, runId: Number(text) } : { kind, campaignId: Number(text) };
  }
  const p = text.split(":");
  if (p[0] === "run") return p.length === 2 && digits.test(p[1]) ? { kind: "run", runId: Number(p[1]) } : null;
  if (p[0] === "campaign")
    return p.length === 2 && digits.test(p[1]) ? { kind: "campaign", campaignId: Number(p[1]) } : null;
  if (p[0] === "design")
    return (p.length === 3 || p.length === 4) && digits.test(p[1]) && p[2]
      ? { kind: "design", campaignId: Number(p[1]), design: p[2], workload: p[3] || null }
      : null;
  return text.length > 0 ? { kind: "trace", path: text } : null;
}
