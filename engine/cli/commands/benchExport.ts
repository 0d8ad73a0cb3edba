// `varbench bench --export-json`: the results in hyperfine's JSON format
// (`results[]` of command, mean, stddev, median, user, system, min, max,
// times, exit_codes and, with parameter lists, parameters; seconds), so
// that tools made for hyperfine's files read them, Varbench's own import
// (results/hyperfine.ts) among them.
import type { CampaignSpec } from "../../campaign/spec.js";
import type { RunRow } from "../../campaign/readModels.js";
import { moments } from "../../stats/meanInterval.js";

/** One result per command × parameter value, in the campaign's order: designs as given, workloads in workload order. */
export function hyperfineJson(spec: CampaignSpec, runs: readonly RunRow[], workloadOrder: readonly string[]): string {
  const byName = new Map(spec.workloads.map((w) => [w.name, w]));
  const results = spec.designs.flatMap((d) =>
    workloadOrder.map((name) => {
      const w = byName.get(name)!;
      const values: Record<string, string> = {
        ...Object.fromEntries(Object.entries(w.features ?? {}).map(([k, v]) => [k, String(v)])),
        ...Object.fromEntries(Object.entries(d.variables ?? {}).map(([k, v]) => [k, String(v)])),
      };
      const fill = (t: string) => t.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, k: string) => values[k] ?? whole);
      const argv = d.argv!.map(fill);
      const measured = runs.filter(
        (r) => r.design === d.name && r.workload === name && !r.warmup && r.role === null && r.wallNs !== null,
      );
      const ok = measured.filter((r) => r.status === "succeeded");
      const s = (ns: number | null) => (ns ?? 0) / 1e9;
      const times = ok.map((r) => s(r.wallNs));
      const t = times.length ? moments(times) : null;
      return {
        command: argv[0] === "sh" && argv[1] === "-c" ? argv[2] : argv.join(" "),
        mean: t?.mean ?? null,
        stddev: t && t.n > 1 ? Math.sqrt(t.variance) : null,
        median: median(times),
        user: ok.length ? moments(ok.map((r) => s(r.userNs))).mean : null,
        system: ok.length ? moments(ok.map((r) => s(r.sysNs))).mean : null,
        min: times.length ? Math.min(...times) : null,
        max: times.length ? Math.max(...times) : null,
        times,
        exit_codes: ok.map((r) => r.exitCode ?? 0),
        ...(Object.keys(values).length ? { parameters: values } : {}),
      };
    }),
  );
  return `${JSON.stringify({ results }, null, 2)}\n`;
}

function median(x: readonly number[]): number | null {
  if (!x.length) return null;
  const s = [...x].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
