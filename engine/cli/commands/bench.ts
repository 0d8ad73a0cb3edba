// `varbench bench`: commands timed against each other as hyperfine times them,
// kept as a campaign of the workspace so that every analysis and the report
// apply to it. Prints each command's statistics per parameter value, then the
// verdict of each command against the first (the reference), with hyperfine's
// kind of advice: outliers, a first run much slower than the rest, noise that
// hides the difference (the verdict says how many runs would settle it).
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { withApi } from "../api.js";
import { isUserError } from "../../errors/errors.js";
import { followCampaign } from "../follow.js";
import { printJson } from "../format/jsonOut.js";
import { campaignTable, countsText } from "../format/campaignTable.js";
import { designTarget } from "../target.js";
import { workspaceDir } from "../options.js";
import { DATABASE_FILE } from "../../store/workspace.js";
import { benchSpec } from "../../campaign/benchSpec.js";
import type { CampaignDetail, RunRow } from "../../campaign/readModels.js";
import { interferenceNote, TIMES_INCLUDE_IT } from "../../campaign/interference.js";
import type { DesignVerdict } from "../../verdict/designVerdict.js";
import { VERDICT_EXPORTERS } from "../../report/exporters.js";
import { bOverA, speedupSentence } from "../../verdict/speedup.js";
import { formatMeasure } from "../../format/numbers.js";
import { DEFAULT_POWER, runsToShow } from "../../verdict/runsToShow.js";
import { hyperfineJson } from "./benchExport.js";

/** Exit status when a command is shown slower than the first beyond --fail-if-worse (1 is any other failure). */
const WORSE_EXIT = 2;
/** A first run this many times the median of the others is worth a word (hyperfine warns of a "significantly slower" first run). */
const SLOW_FIRST_RUN = 1.5;
/** The workspace bench keeps its campaigns in when none is named or here. */
const BENCH_WORKSPACE = ".varbench";

export interface BenchFlags {
  readonly runs: number;
  readonly warmup: number;
  readonly parameterList?: readonly string[];
  readonly commandName?: readonly string[];
  readonly profiler: string;
  readonly profilerOption?: readonly string[];
  readonly shellNone?: boolean;
  readonly timeout?: string;
  readonly project: string;
  readonly name?: string;
  readonly seed?: number;
  readonly exportJson?: string;
  readonly failIfWorse?: number;
  readonly json: boolean;
}

export async function bench(program: Command, commands: readonly string[], o: BenchFlags): Promise<void> {
  const dir = benchWorkspace(program);
  const parameters = (o.parameterList ?? []).map(parameterOf);
  const request = {
    commands: [...commands],
    ...(o.commandName ? { names: [...o.commandName] } : {}),
    runs: o.runs,
    warmup: o.warmup,
    parameters,
    profiler: o.profiler,
    profilerOptions: [...(o.profilerOption ?? [])],
    ...(o.shellNone ? { shell: "none" as const } : {}),
    project: o.project,
    ...(o.name ? { name: o.name } : {}),
    ...(o.timeout ? { timeout: o.timeout } : {}),
    ...(o.seed === undefined ? {} : { seed: o.seed }),
    cwd: process.cwd(),
  };
  await withApi(
    dir,
    async (api) => {
      await api.workspace.open({ dir });
      const end = await followCampaign(
        api,
        async () => {
          const p = await api.campaigns.bench(request);
          console.error(
            `campaign ${p.campaign.id} (${p.campaign.name}) in ${dir}: ${p.runs} runs planned (seed ${p.campaign.seed}, ${p.order})`,
          );
          return p.campaign;
        },
        { perRunLines: false },
      );
      const id = end.campaignId;
      const detail = await api.campaigns.get({ campaignId: id });
      const [reference, ...others] = detail.designs;
      const verdicts: DesignVerdict[] = [];
      const runs = await api.runs.list({ campaignId: id });
      const hints = advice(detail, runs);
      for (const other of others) {
        // A side with no succeeded run has no verdict: said among the advice, the other pairs still judged.
        const v = await api.analyses
          .verdict({
            a: designTarget(id, reference!, null),
            b: designTarget(id, other, null),
            measure: null,
            confidence: 0.95,
          })
          .catch((e: unknown) => {
            if (!isUserError(e)) throw e;
            hints.push(`${other} against ${reference}: no verdict (${(e as Error).message})`);
            return null;
          });
        if (v) verdicts.push(v);
      }
      for (const v of verdicts) hints.push(...noiseAdvice(v));
      if (o.exportJson) {
        const spec = benchSpec({ ...request, profiler: { name: o.profiler, options: request.profilerOptions } });
        await writeFile(o.exportJson, hyperfineJson(spec, runs, detail.workloads));
      }
      if (o.json) printJson({ campaign: id, workspace: dir, detail, verdicts, advice: hints });
      else printText(detail, verdicts, hints, `campaign ${id} ${end.status}: ${countsText(end.counts)}`);
      if (runs.every((r) => r.warmup || r.status !== "succeeded"))
        throw new Error(`no run succeeded: ${hints.at(-1) ?? "see varbench runs"}`);
      if (o.failIfWorse !== undefined) gate(verdicts, o.failIfWorse);
    },
    { campaigns: true },
  );
}

/** The workspace named (-w or VARBENCH_WORKSPACE), the one here, or else .varbench here, made on first use. */
function benchWorkspace(program: Command): string {
  const given = program.getOptionValueSource("workspace") !== "default" || process.env.VARBENCH_WORKSPACE;
  const dir = workspaceDir(program);
  if (given || existsSync(join(dir, DATABASE_FILE))) return dir;
  if (!existsSync(join(BENCH_WORKSPACE, DATABASE_FILE)))
    console.error(`varbench: the campaign is kept in a new workspace, ${BENCH_WORKSPACE} (-w chooses another)`);
  return BENCH_WORKSPACE;
}

/** `n=1000,2000` → { name: "n", values: ["1000", "2000"] }. */
function parameterOf(text: string): { name: string; values: string[] } {
  const at = text.indexOf("=");
  if (at <= 0) throw new Error(`-L ${text}: give a parameter and its values, e.g. -L n 1000,2000`);
  return {
    name: text.slice(0, at),
    values: text
      .slice(at + 1)
      .split(",")
      .map((v) => v.trim()),
  };
}

const measured = (r: RunRow) => !r.warmup && r.status === "succeeded";

/** hyperfine's warnings, from the runs as they came: outliers, a first run far slower than the rest, and (beyond
 * hyperfine) other processes' share of the machine while they ran. */
export function advice(detail: CampaignDetail, runs: readonly RunRow[]): string[] {
  const out: string[] = [];
  const unit = detail.measure.unit;
  for (const g of detail.groups) {
    const where = `${g.design}${detail.workloads.length > 1 ? ` on ${g.workload}` : ""}`;
    const outliers = g.summary?.outliers.length ?? 0;
    if (outliers > 0)
      out.push(
        `${where}: ${outliers} of ${g.values.length} runs ${outliers === 1 ? "is an outlier" : "are outliers"} (far from the others: another program running, or the machine's frequency changing); a quieter machine, or more runs, makes the figures hold`,
      );
    const [first, ...rest] = g.values;
    if (first === undefined || rest.length < 2 || detail.warmups > 0) continue;
    const median = [...rest].sort((x, y) => x - y)[Math.floor(rest.length / 2)]!;
    if (median > 0 && first > SLOW_FIRST_RUN * median)
      out.push(
        `${where}: the first run took ${formatMeasure(unit, first)}, ${(first / median).toFixed(1)} times the median of the others (caches being filled?): --warmup 1 or more runs it first and leaves it out`,
      );
  }
  // With two commands or more each verdict says it among its notes.
  const shared =
    detail.designs.length < 2 ? interferenceNote(runs.filter(measured), { effect: TIMES_INCLUDE_IT }) : null;
  if (shared) out.push(shared[0].toUpperCase() + shared.slice(1));
  const failed = runs.filter((r) => !r.warmup && r.status !== "succeeded");
  if (failed.length > 0)
    out.push(
      `${failed.length} run${failed.length === 1 ? "" : "s"} did not succeed (${[...new Set(failed.map((r) => r.message ?? r.status))].slice(0, 2).join("; ")}): they are left out`,
    );
  return out;
}

/** Where no difference is shown: how much spread hides the difference found, and the runs that would show it. */
export function noiseAdvice(v: DesignVerdict): string[] {
  return v.workloads.flatMap((w) => {
    const s = w.speedup;
    if (!s || s.faster !== null || s.interval === null) return [];
    const n = runsToShow(w.a, w.b, s.ratio, v.confidence);
    if (n === null || n <= Math.min(w.a.n, w.b.n)) return [];
    const spread = [w.a.cov, w.b.cov].map((c) => `${((c ?? 0) * 100).toFixed(1)}%`).join(" and ");
    const on = v.workloads.length > 1 ? ` on ${w.workload}` : "";
    return [
      `${v.labels.b} against ${v.labels.a}${on}: no difference is shown, as the runs spread (CoV ${spread}) over the ${((s.ratio - 1) * 100).toFixed(1)}% found; about ${n} runs of each would show a difference that large if it is real (${DEFAULT_POWER * 100}% power): --runs ${n}`,
    ];
  });
}

function printText(
  detail: CampaignDetail,
  verdicts: readonly DesignVerdict[],
  hints: readonly string[],
  ending: string,
): void {
  const parts = [
    `${ending}`,
    `${detail.measure.title} per command${detail.workloads.length > 1 ? " × parameter value" : ""}, from ${detail.basis}:`,
    campaignTable(detail),
    "",
  ];
  if (verdicts.length === 0) parts.push("One command: nothing to compare it with.");
  for (const v of verdicts) parts.push(VERDICT_EXPORTERS.text.render(v, undefined) as string);
  if (hints.length > 0) parts.push("Advice:", ...hints.map((h) => `  - ${h}`), "");
  process.stdout.write(parts.join("\n"));
}

/** Status 2 when the first command is shown faster than another by more than `threshold` on any parameter value. */
function gate(verdicts: readonly DesignVerdict[], threshold: number): void {
  const found: string[] = [];
  for (const v of verdicts) {
    if (!v.settled)
      throw new Error(
        `--fail-if-worse: the verdict of ${v.labels.b} against ${v.labels.a} is not settled, so it judges nothing`,
      );
    for (const w of v.workloads) {
      const s = w.speedup;
      if (s && s.interval && s.faster === "A" && bOverA(s) - 1 > threshold)
        found.push(
          `${w.workload}: ${speedupSentence(s, v.labels, v.measure)}, beyond the ${(threshold * 100).toFixed(2)}% allowed`,
        );
    }
  }
  if (found.length === 0) return;
  console.error(`varbench bench: ${found.join("; ")}`);
  process.exitCode = WORSE_EXIT;
}
