// The performance metric summarised per pattern and compared between designs
// (004 §5: "performance metrics, such as Instruction per cycle (IPC),
// throughput, execution time, and cache miss rate … Their results are all very
// similar"). Here: what every run records — wall, user, system and CPU time
// and peak memory — all lower-is-better.
import type { RunRow } from "../campaign/readModels.js";

export const METRICS = ["wall", "user", "sys", "cpu", "rss"] as const;
export type MetricName = (typeof METRICS)[number];
export const DEFAULT_METRIC: MetricName = "wall";

export interface MetricInfo {
  readonly name: MetricName;
  readonly title: string;
  /** "ns" for times, "KiB" for memory. */
  readonly unit: "ns" | "KiB";
}

export const METRIC_INFO: Readonly<Record<MetricName, MetricInfo>> = {
  wall: { name: "wall", title: "wall time", unit: "ns" },
  user: { name: "user", title: "user CPU time", unit: "ns" },
  sys: { name: "sys", title: "system CPU time", unit: "ns" },
  cpu: { name: "cpu", title: "CPU time (user + system)", unit: "ns" },
  rss: { name: "rss", title: "peak resident memory", unit: "KiB" },
};

/** The run's value of the metric, or null where the run did not record it. */
export function metricOf(run: RunRow, metric: MetricName): number | null {
  switch (metric) {
    case "wall":
      return run.wallNs;
    case "user":
      return run.userNs;
    case "sys":
      return run.sysNs;
    case "cpu":
      return run.userNs === null || run.sysNs === null ? null : run.userNs + run.sysNs;
    case "rss":
      return run.peakRssKb;
  }
}
