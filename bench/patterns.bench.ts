// Execution patterns (issue 12): thread alignment and the final clustering of
// 400 runs × 2 threads × M = 20 aligned intervals × 15 dimensions, K chosen by
// BIC up to 30 (bic.ts), against the target of under 2 s (paper 004 §4.3
// reports 44 s offline for 400 runs). The runs come from 8 known
// behaviours with noise in every dimension and thread ids that change from run
// to run; the benchmark also checks that the 8 are found. Prints the time of
// each of three repetitions and the process's peak resident memory.
import { median } from "simple-statistics";
import { findPatterns, type PatternInputRun } from "../engine/patterns/findPatterns.js";
import { MEASURE_INFO as METRIC_INFO } from "../engine/campaign/measures.js";
import { DEFAULT_PATTERN_PARAMETERS, PROJECTED_DIMENSIONS } from "../engine/patterns/parameters.js";
import type { RunPcv } from "../engine/patterns/pcv.js";
import { seededRandom } from "../engine/stats/random.js";

const RUNS = 400;
const BEHAVIOURS = 8;
const M = DEFAULT_PATTERN_PARAMETERS.intervals;
const D = PROJECTED_DIMENSIONS;
const line = (k: string, v: string) => console.log(`${k.padEnd(52)} ${v}`);

function runs(): PatternInputRun[] {
  const random = seededRandom(42);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  // Each behaviour: two threads (a "main" kind and a "worker" kind), a vector per interval.
  const shapes = Array.from({ length: BEHAVIOURS }, () =>
    [0, 1].map((kind) => Float64Array.from({ length: M * D }, () => (kind === 0 ? 0.6 : 0.2) * random())),
  );
  return Array.from({ length: RUNS }, (_, i) => {
    const b = i % BEHAVIOURS;
    const threads = shapes[b].map((shape, kind) => ({
      tid: 1000 + Math.floor(random() * 9000),
      name: kind === 0 ? "main" : "worker",
      start: 0,
      features: shape.map((v) => v + 0.03 * normal()),
      busy: new Float64Array(M).fill(1),
    }));
    if (random() < 0.5) threads.reverse();
    const pcv: RunPcv = { intervals: M, dims: D, spanNs: 1e8, threads };
    return { runId: i + 1, group: i % 2 ? "A" : "B", workload: null, order: i, metric: 1e8 * (1 + b / 10), pcv };
  });
}

const input = { label: "bench", source: "uftrace" as const, metric: METRIC_INFO.wall, runs: runs(), notes: [] };
const times: number[] = [];
let found = 0;
for (let rep = 0; rep < 3; rep++) {
  const t0 = performance.now();
  const { result } = findPatterns(input, DEFAULT_PATTERN_PARAMETERS, D);
  times.push(performance.now() - t0);
  found = result.patterns.length;
}
line(
  `patterns: ${RUNS} runs × 2 threads × M ${M} × ${D} dims, K ≤ 30`,
  `${times.map((t) => (t / 1000).toFixed(2)).join(" s, ")} s (median ${(median(times) / 1000).toFixed(2)} s; target < 2 s)`,
);
line("patterns found (8 behaviours generated)", `${found}${found === BEHAVIOURS ? "" : "  ← WRONG"}`);
line("peak resident memory of this process", `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
