// Runs recorded or imported before Varbench kept their measures (migration 6)
// are measured once from their stored artifacts when the workspace opens, so
// every run of a campaign answers in its profiler's measure, old ones too.
import { readFileSync } from "node:fs";
import { parseCct } from "../cct/serialize.js";
import { callgrindMeasures, cctMeasures, gcovMeasures } from "../cct/profilerMeasures.js";
import type { CallgrindTable } from "../trace/callgrind/readCallgrind.js";
import type { GcovTable } from "../trace/gcov/readGcov.js";
import type { Db } from "./database.js";
import type { ArtifactStore } from "./artifactStore.js";

const MEASURED_FROM: Readonly<Record<string, (text: string, label: string) => Record<string, number>>> = {
  cct: (text, label) => cctMeasures(parseCct(text, label)),
  "callgrind-table": (text) => callgrindMeasures(JSON.parse(text) as CallgrindTable),
  "gcov-table": (text) => gcovMeasures(JSON.parse(text) as GcovTable),
};

export function backfillMeasures(db: Db, artifacts: ArtifactStore): void {
  const pending = db.prepare("SELECT id FROM runs WHERE measures_json IS NULL").all() as { id: number }[];
  if (pending.length === 0) return;
  const artifactsOf = db.prepare(
    "SELECT kind, path FROM artifacts WHERE run_id = ? AND kind IN ('cct', 'callgrind-table', 'gcov-table')",
  );
  const save = db.prepare("UPDATE runs SET measures_json = ? WHERE id = ?");
  for (const { id } of pending) {
    const measures: Record<string, number> = {};
    for (const a of artifactsOf.all(id) as { kind: string; path: string }[]) {
      try {
        Object.assign(measures, MEASURED_FROM[a.kind](readFileSync(artifacts.absolute(a.path), "utf8"), `run ${id}`));
      } catch {
        // A damaged or missing artifact measures nothing: the run shows "-" in that measure, as a run
        // that never recorded it does, and every analysis reading the artifact says what is wrong.
      }
    }
    save.run(JSON.stringify(measures), id);
  }
}
