// What makes two runs comparable across versions (issue 33): the machine (its name, CPU model and core
// count), the kernel, and the profiler's version, as each run recorded them (runner/environment.ts), or as
// an imported tool's file states them (Google Benchmark's context, pyperf's metadata). Fields that vary
// from run to run on one machine (load average, date) are left out: they are not the environment's identity.

type Fields = Record<string, string | number | null>;

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The identifying fields of a run's stored environment (environment_json); all null where none was recorded. */
export function environmentFields(env: unknown): Fields {
  const e = obj(env) ?? {};
  const context = obj(e.context); // Google Benchmark
  const metadata = obj(e.metadata); // pyperf
  return {
    host: text(e.host) ?? text(context?.host_name) ?? text(metadata?.hostname),
    cpu: text(e.cpuModel) ?? text(metadata?.cpu_model_name),
    cores: num(e.cores) ?? num(context?.num_cpus) ?? num(metadata?.cpu_count),
    kernel: text(e.kernel) ?? text(metadata?.platform),
    tool:
      text(e.profiler) ??
      (context ? text(context.library_version) : null) ??
      (metadata ? text(metadata.perf_version) : null),
  };
}
