// A campaign spec expanded into the runs it stands for, in the order they will
// run: warm-ups of each design × workload first, then the measured
// repetitions, either sequential or interleaved — each round holds every
// design × workload once, shuffled with the campaign's recorded seed, as careful
// benchmark tools do so that drift in the machine spreads over all designs.
import { isAbsolute, resolve } from "node:path";
import { seededRandom, shuffled } from "../stats/random.js";
import { cpus } from "node:os";
import { cpuNumbers, durationMs, SpecError, type CampaignSpec, type SpecIssue } from "../campaign/spec.js";
import type { PlannedRun, RunPlan } from "../campaign/runPlan.js";

export function planCampaign(spec: CampaignSpec, specDir: string, seed: number, file: string): PlannedRun[] {
  const issues: SpecIssue[] = [];
  // A CPU this machine does not have failed every run later, one by one (local runs only: a Slurm node has its own).
  const missing =
    spec.cpus && spec.executor?.kind !== "slurm" ? cpuNumbers(spec.cpus).filter((n) => n >= cpus().length) : [];
  if (missing.length > 0)
    issues.push({
      path: "cpus",
      line: null,
      message: `this machine has CPUs 0-${cpus().length - 1}; ${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""} not`,
    });
  const pairs = spec.designs.flatMap((d, di) => spec.workloads.map((w, wi) => ({ d, di, w, wi })));
  const expand = (p: (typeof pairs)[number], repetition: number, warmup: boolean) => {
    const vars: Record<string, string> = {
      ...Object.fromEntries(Object.entries(p.w.features ?? {}).map(([k, v]) => [k, String(v)])),
      ...Object.fromEntries(Object.entries(p.d.variables ?? {}).map(([k, v]) => [k, String(v)])),
      design: p.d.name,
      workload: p.w.name,
      repetition: String(repetition),
      spec_dir: specDir,
      // Known only once the campaign exists: left for the runner (see withBuildDir).
      build_dir: "{build_dir}",
    };
    const sub = (text: string, path: string) =>
      text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, v: string) => {
        if (v in vars) return vars[v];
        issues.push({ path, line: null, message: `unknown variable {${v}} (known: ${Object.keys(vars).join(", ")})` });
        return whole;
      });
    const at = `workloads.${p.wi}`;
    const cwd = sub(p.w.cwd ?? ".", `${at}.cwd`);
    const plan: RunPlan = {
      ...(p.d.build ? { build: p.d.build.map((a, i) => sub(a, `designs.${p.di}.build.${i}`)) } : {}),
      argv: p.d.argv
        ? p.d.argv.map((a, i) => sub(a, `designs.${p.di}.argv.${i}`))
        : p.w.argv!.map((a, i) => sub(a, `${at}.argv.${i}`)),
      cwd: isAbsolute(cwd) || cwd.startsWith("{build_dir}") ? cwd : resolve(specDir, cwd),
      env: Object.fromEntries(Object.entries(p.w.env ?? {}).map(([k, v]) => [k, sub(v, `${at}.env.${k}`)])),
      ...(p.w.inputs
        ? {
            inputs: p.w.inputs
              .map((f, i) => sub(f, `${at}.inputs.${i}`))
              .map((f) => (isAbsolute(f) || f.startsWith("{build_dir}") ? f : resolve(specDir, f))),
          }
        : {}),
      ...(spec.prepare ? { prepare: spec.prepare.map((a, i) => sub(a, `prepare.${i}`)) } : {}),
      ...(spec.cleanup ? { cleanup: spec.cleanup.map((a, i) => sub(a, `cleanup.${i}`)) } : {}),
      ...(spec.cpus ? { cpus: spec.cpus } : {}),
      timeoutMs: durationMs(spec.timeout),
    };
    return { design: p.d.name, workload: p.w.name, repetition, warmup, plan };
  };
  const warmups = pairs.flatMap((p) => Array.from({ length: spec.warmups }, (_, r) => expand(p, r, true)));
  const random = seededRandom(seed);
  const rounds = Array.from({ length: spec.repetitions }, (_, r) =>
    spec.order === "interleaved" ? shuffled(pairs, random).map((p) => expand(p, r, false)) : [],
  );
  const measured =
    spec.order === "interleaved"
      ? rounds.flat()
      : pairs.flatMap((p) => Array.from({ length: spec.repetitions }, (_, r) => expand(p, r, false)));
  if (issues.length > 0) throw new SpecError(file, dedupe(issues));
  const planned = spec.timing ? paired([...warmups, ...measured], random) : [...warmups, ...measured];
  return planned.map((r, ordinal) => ({ ordinal, ...r }));
}

/** Each run twice, back to back: once plain (a timing run, no profiler) and once profiled, which of the two
 * goes first drawn from the campaign's seed, so that neither always runs on a machine the other warmed. */
function paired<R extends Omit<PlannedRun, "ordinal">>(runs: readonly R[], random: () => number): R[] {
  return runs.flatMap((r) => {
    const plain = { ...r, plan: { ...r.plan, profiler: "time" as const }, role: "timing" as const };
    return random() < 0.5 ? [plain, r] : [r, plain];
  });
}

function dedupe(issues: SpecIssue[]): SpecIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => !seen.has(i.path + i.message) && seen.add(i.path + i.message));
}
