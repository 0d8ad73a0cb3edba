// What a planned run is (runner/planCampaign.ts makes them from a spec).

/** Everything a run needs, resolved, so a resumed campaign needs no spec file. */
export interface RunPlan {
  /** The design's build command, if any; `{build_dir}` is filled in by the runner. */
  readonly build?: readonly string[];
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** The workload's input files, measured before each run (bytes, lines). */
  readonly inputs?: readonly string[];
  readonly prepare?: readonly string[];
  readonly cleanup?: readonly string[];
  readonly cpus?: string;
  readonly timeoutMs: number;
  /** "time": this run is the plain timing run of a pair (the spec's `timing`), not run under the campaign's profiler. */
  readonly profiler?: "time";
}

export interface PlannedRun {
  readonly ordinal: number;
  readonly design: string;
  readonly workload: string;
  readonly repetition: number;
  readonly warmup: boolean;
  readonly plan: RunPlan;
  /** "timing": the plain run of a pair whose other run is profiled (the spec's `timing`). */
  readonly role?: "timing";
}

/** The plan with its `{build_dir}` placeholders filled in. */
export function withBuildDir(plan: RunPlan, buildDir: string): RunPlan {
  const fill = (s: string) => s.split("{build_dir}").join(buildDir);
  return {
    ...plan,
    ...(plan.build ? { build: plan.build.map(fill) } : {}),
    argv: plan.argv.map(fill),
    cwd: fill(plan.cwd),
    ...(plan.inputs ? { inputs: plan.inputs.map(fill) } : {}),
    env: Object.fromEntries(Object.entries(plan.env).map(([k, v]) => [k, fill(v)])),
    ...(plan.prepare ? { prepare: plan.prepare.map(fill) } : {}),
    ...(plan.cleanup ? { cleanup: plan.cleanup.map(fill) } : {}),
  };
}
