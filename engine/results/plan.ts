// Parsed results as what the store writes: one campaign of designs ×
// workloads whose runs are the tool's measured runs, in the file's order, named
// by names.ts. A campaign of imported results is finished when it is made:
// it has no folder it was planned from (so it never serves as a template to
// launch from) and no queued run (so nothing resumes it); its "profiler" is
// the tool, which is what the workbench shows beside it.
import { describeResultsWarning, ResultsError } from "./diagnostics.js";
import type { Environment, ParsedResults, ResultSeries, ResultsFormat } from "./model.js";
import { fileWorkloadName, NameTable, toName } from "./names.js";

export interface ImportOptions {
  /** The file as the user named it: its base name names the default workload and campaign. */
  readonly file: string;
  readonly project: string;
  readonly campaignName?: string;
  /** One design for the whole file: the tool's names become the workloads ("py3" for a pyperformance file). */
  readonly design?: string;
  /** The workload of results that name none (default: the file's name). */
  readonly workload?: string;
}

export interface PlannedImportRun {
  readonly design: string;
  readonly workload: string;
  /** 0, 1, … within its design × workload. */
  readonly repetition: number;
  readonly status: "succeeded" | "failed";
  readonly exitCode: number | null;
  readonly wallNs: number;
  readonly message: string;
  readonly environment: Environment;
  readonly features: Readonly<Record<string, number>>;
}

export interface ImportPlan {
  readonly format: ResultsFormat;
  readonly campaignName: string;
  /** Stored as the campaign's spec: the shape of a CampaignSpec, with the tool as its profiler and where it came from. */
  readonly spec: Readonly<Record<string, unknown>>;
  /** `label`: the tool's own words (the command, the benchmark's name). */
  readonly designs: readonly {
    readonly name: string;
    readonly label: string;
    readonly variables: Readonly<Record<string, string | number | boolean>>;
  }[];
  readonly workloads: readonly { readonly name: string; readonly features: Readonly<Record<string, number>> }[];
  readonly runs: readonly PlannedImportRun[];
  readonly warnings: readonly string[];
}

/** The most text an import keeps with its designs and runs (each run keeps the tool's words about it,
 * the command and the file's context with them), in characters. Runs of the tools' own files keep
 * 0.4–0.9 k each (test/fixtures/results), so 200,000 runs (the cap) keep about 200 M; five times that
 * is no real file, and SQLite holds no value longer (SQLITE_MAX_LENGTH, 10⁹ bytes), which the
 * campaign's spec, holding every design, must fit. A 128 KiB command repeated in 200,000 runs
 * would have written 26 GB. */
export const MAX_IMPORT_TEXT = 1e9;

export function planImport(parsed: ParsedResults, o: ImportOptions): ImportPlan {
  const base = o.file.split(/[\\/]/).pop() ?? o.file;
  const name = nameSeries(parsed.series, o);
  const designs = new Map<string, ImportPlan["designs"][number]>();
  const workloads = new Map<string, ImportPlan["workloads"][number]>();
  const counts = new Map<string, number>();
  const failures = new Map<string, string[]>();
  const runs: PlannedImportRun[] = [];
  let text = 0;
  const keep = (chars: number) => {
    text += chars;
    if (text > MAX_IMPORT_TEXT)
      throw new ResultsError({ kind: "too-much-text", file: o.file, format: parsed.format, limit: MAX_IMPORT_TEXT });
  };
  for (const s of parsed.series) {
    const { design, workload } = name(s);
    const features = s.workload?.features ?? {};
    if (!designs.has(design)) {
      designs.set(
        design,
        o.design
          ? { name: design, label: design, variables: {} }
          : { name: design, label: s.design.label, variables: s.design.variables },
      );
      keep(2 * JSON.stringify(designs.get(design)).length); // in the designs table and in the campaign's spec
    }
    if (!workloads.has(workload)) workloads.set(workload, { name: workload, features });
    for (const r of s.runs) {
      const group = `${design}\u0000${workload}`;
      const repetition = counts.get(group) ?? 0;
      counts.set(group, repetition + 1);
      if (r.failure) failures.set(design, [...(failures.get(design) ?? []), r.failure]);
      const environment = {
        imported: { tool: parsed.format, version: parsed.toolVersion, file: base },
        ...parsed.environment,
        ...r.environment,
      };
      const from = `imported from ${parsed.format} results ${base}`;
      keep(JSON.stringify(environment).length);
      runs.push({
        design,
        workload,
        repetition,
        status: r.failure ? "failed" : "succeeded",
        exitCode: r.exitCode,
        wallNs: r.wallNs,
        message: r.failure ? `${r.failure} (${from})` : from,
        environment,
        features,
      });
    }
  }
  const campaignName = o.campaignName ?? toName(`${parsed.format}-${fileWorkloadName(o.file)}`, parsed.format);
  const failed = [...failures].map(([design, f]) => ({
    kind: "failed-runs" as const,
    design,
    count: f.length,
    detail: [...new Set(f)].slice(0, 3).join("; "),
  }));
  const spec = {
    project: o.project,
    name: campaignName,
    designs: [...designs.values()].map((d) => ({ name: d.name, variables: d.variables })),
    workloads: [...workloads.values()].map((w) => ({ name: w.name, argv: [], features: w.features })),
    // Not Math.max(...counts): spread into arguments, a file of some 150,000 groups overflowed the stack.
    repetitions: [...counts.values()].reduce((a, b) => Math.max(a, b), 0),
    warmups: 0,
    profiler: { name: parsed.format, options: [] },
    order: "sequential",
    concurrency: 1,
    timeout: "600s",
    imported: { tool: parsed.format, version: parsed.toolVersion, file: base },
  };
  return {
    format: parsed.format,
    campaignName,
    spec,
    designs: [...designs.values()],
    workloads: [...workloads.values()],
    runs,
    warnings: [...parsed.warnings, ...failed].map(describeResultsWarning),
  };
}

/** The design and workload names of each series (names.ts's rule), the same for the same tool names. */
function nameSeries(
  series: readonly ResultSeries[],
  o: ImportOptions,
): (s: ResultSeries) => { design: string; workload: string } {
  const designs = new NameTable();
  const workloads = new NameTable();
  const fallback = o.workload ?? fileWorkloadName(o.file);
  // The default workload keeps its name: a tool's workload that comes out the same gets a suffix.
  if (!o.design && series.some((s) => s.workload === null)) workloads.reserve("\u0000default", fallback);
  return (s) => {
    if (o.design) {
      const hint = [s.design.hint, s.workload?.hint].filter((h) => h !== undefined).join("_");
      return {
        design: o.design,
        workload: workloads.name(`${s.design.key}\u0000${s.workload?.key ?? ""}`, hint, "workload"),
      };
    }
    return {
      design: designs.name(s.design.key, s.design.hint, "design"),
      workload: s.workload ? workloads.name(s.workload.key, s.workload.hint, "workload") : fallback,
    };
  };
}
