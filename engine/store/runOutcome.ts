// A finished run's outcome read back as finishRun stored it: how a Slurm task
// hands the run it recorded in its own scratch workspace to the owner's.
import type { Db } from "./database.js";
import type { RunOutcome } from "./campaigns.js";

export function runOutcome(db: Db, runId: number): RunOutcome {
  const r = db
    .prepare(
      `SELECT status, exit_code AS exitCode, signal, wall_ns AS wallNs, user_ns AS userNs, sys_ns AS sysNs, peak_rss_kb AS peakRssKb,
              voluntary_switches AS voluntarySwitches, involuntary_switches AS involuntarySwitches, environment_json AS environment,
              features_json AS features, measures_json AS measures, message, stdout_tail AS stdoutTail, stderr_tail AS stderrTail
       FROM runs WHERE id = ?`,
    )
    .get(runId) as
    | (Omit<RunOutcome, "environment" | "features" | "measures" | "artifacts"> & {
        environment: string;
        features: string;
        measures: string | null;
      })
    | undefined;
  if (!r) throw new Error(`run ${runId} does not exist`);
  const artifacts = db
    .prepare(
      "SELECT kind, name, path, sha256, size_bytes AS sizeBytes, media_type AS mediaType FROM artifacts WHERE run_id = ? ORDER BY id",
    )
    .all(runId) as RunOutcome["artifacts"][number][];
  return {
    ...r,
    stdoutTail: r.stdoutTail ?? "",
    stderrTail: r.stderrTail ?? "",
    environment: JSON.parse(r.environment) as Record<string, unknown>,
    features: JSON.parse(r.features) as Record<string, number>,
    measures: JSON.parse(r.measures ?? "{}") as Record<string, number>,
    artifacts,
  };
}
