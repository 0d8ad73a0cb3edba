// The performance metric summarised per pattern and compared between designs
// (004 §5: "performance metrics, such as Instruction per cycle (IPC),
// throughput, execution time, and cache miss rate … Their results are all very
// similar") is the campaign's measure (campaign/measures.ts): by default the one
// its profiler declares, e.g. the traced on-CPU time under uftrace.
export type { MeasureInfo as MetricInfo, MeasureName as MetricName } from "../campaign/measures.js";
