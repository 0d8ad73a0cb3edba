// History across versions (issue 33 item 5): a project of 1,000 versions × 100 series (3 runs a
// version, 5 % noise; 10 series with a 10 % step at a version of their own) analysed whole: series
// built, E-Divisive with its permutation tests, the false-discovery control. Target: under 2 s of CPU (median of 3).
// Printed, never asserted (a loaded machine is slower; no test depends on speed).
import { median } from "simple-statistics";
import { analyzeHistory } from "../engine/history/history.js";
import type { HistoryObservation } from "../engine/history/series.js";
import { seededRandom } from "../engine/stats/random.js";
import { DEFAULT_FDR, DEFAULT_MIN_SEGMENT } from "../engine/history/parameters.js";

const VERSIONS = 1000;
const SERIES = 100;
const RUNS = 3;
const STEPPED = 10;
const TARGET_MS = 2000;

const random = seededRandom(33);
const normal = () => Array.from({ length: 12 }, random).reduce((a, b) => a + b, 0) - 6;
const observations: HistoryObservation[] = [];
const steps = new Map<number, number>();
for (let s = 0; s < SERIES; s++) {
  const step = s < STEPPED ? 100 + Math.floor(random() * (VERSIONS - 200)) : Infinity;
  if (s < STEPPED) steps.set(s, step);
  for (let v = 0; v < VERSIONS; v++)
    for (let r = 0; r < RUNS; r++)
      observations.push({
        version: v,
        design: "d",
        workload: `w${String(s).padStart(3, "0")}`,
        metric: "wall",
        environment: "here",
        value: 1e6 * (v >= step ? 1.1 : 1) * (1 + 0.05 * normal()),
      });
}
const versions = Array.from({ length: VERSIONS }, (_, i) => ({ label: `v${i}`, commit: null, dirty: null }));
const args = { fdr: DEFAULT_FDR, minSegment: DEFAULT_MIN_SEGMENT, minMagnitude: 0 };

const times: number[] = [];
let result = analyzeHistory({ versions, observations }, args);
for (let i = 0; i < 3; i++) {
  const t0 = process.cpuUsage();
  result = analyzeHistory({ versions, observations }, args);
  const t = process.cpuUsage(t0);
  times.push((t.user + t.system) / 1000);
}
const found = result.series.filter((s) => s.changes.length > 0);
const right = [...steps].filter(([s, step]) =>
  result.series[s].changes.some((c) => Math.abs(c.after - step) <= 2),
).length;
const ms = median(times);
console.log(`history: ${VERSIONS} versions × ${SERIES} series (${observations.length} runs)`);
console.log(`  CPU ${ms.toFixed(0)} ms (median of 3; target < ${TARGET_MS} ms: ${ms < TARGET_MS ? "met" : "NOT met"})`);
console.log(
  `  ${result.method.tested} series tested, ${result.method.selected} selected, at most ${result.method.maxPermutations} permutations each; series with a change: ${found.length} (${right} of ${STEPPED} steps found within 2 versions; ${found.length - right} others)`,
);
// The change points of each series that has any, to look at (HISTORY_DEBUG=1).
if (process.env.HISTORY_DEBUG)
  for (const s of result.series.filter((x) => x.changes.length > 0))
    console.log(
      s.workload,
      s.qValue,
      s.changes.map((c) => ({ after: c.after, p: c.pValue, ratio: c.ratio?.estimate })),
    );
