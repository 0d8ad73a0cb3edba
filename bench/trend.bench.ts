// Empirical computational complexity (issue 13): BB-TrendProf (paper 002 ch. 2)
// on a generated study the size of the thesis's largest, 34,000 locations × 800
// workloads, whose locations are noisy multiples of 40 planted cost laws a·n^b·e_w
// (b from 0.5 to 2.5, e_w a law's own workload-to-workload factor, so laws that
// grow alike are still told apart); clusters, powerlaw and linear fits per cluster, and
// 1,000-resample bootstraps of the costly clusters. Target: under 60 s. Prints
// the time, the clusters found and the process's peak resident memory.
import { bbTrendProf } from "../engine/trend/bbTrendProf.js";
import { seededRandom } from "../engine/stats/random.js";

const LOCATIONS = 34_000;
const WORKLOADS = 800;
const LAWS = 40;
const line = (k: string, v: string) => console.log(`${k.padEnd(52)} ${v}`);

const random = seededRandom(2);
const n = Float64Array.from({ length: WORKLOADS }, () => Math.round(10 ** (2 + 3 * random())));
const laws = Array.from({ length: LAWS }, (_, i) => ({
  a: 1 + 10 * random(),
  b: 0.5 + (2 * i) / (LAWS - 1),
  e: Float64Array.from(n, () => 0.5 + random()),
}));
const locations = Array.from({ length: LOCATIONS }, (_, l) => {
  const law = laws[l % LAWS];
  const scale = 1 + 4 * random();
  return {
    name: `loc ${l}`,
    values: Float64Array.from(n, (x, w) =>
      Math.round(scale * law.a * x ** law.b * law.e[w] * (1 + 0.01 * (random() - 0.5))),
    ),
  };
});
const t0 = performance.now();
const r = bbTrendProf({ locations, features: [{ name: "n", values: n }], seed: 1 });
const s = (performance.now() - t0) / 1000;
line(
  `BB-TrendProf, ${LOCATIONS.toLocaleString("en")} locations × ${WORKLOADS} workloads`,
  `${s.toFixed(1)} s (target < 60 s)`,
);
line(
  `clusters (${LAWS} laws planted), costly ones bootstrapped`,
  `${r.clusters.length}, ${r.clusters.filter((c) => c.costly).length}`,
);
line("peak resident memory of this process", `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
