// Imported benchmark results (results/plan.ts) as a finished campaign: the
// campaign row, its designs and workloads, and every run with its artifact,
// in one transaction, so a failure leaves the workspace as it was. Designs and
// workloads the project already has keep their definitions (a spec's
// variables, argv and features); new ones get the tool's.
import { writeTransaction, type Db } from "./database.js";
import type { ImportPlan } from "../results/plan.js";
import type { ArtifactRow } from "./repositories.js";
import { ensureDesign, ensureProject, ensureWorkload } from "./repositories.js";

const now = () => new Date().toISOString();

/** Seed of an imported campaign: nothing was drawn (the order is the file's); summaries' bootstraps use it. */
export const IMPORTED_CAMPAIGN_SEED = 1;

export function insertImportedCampaign(
  db: Db,
  plan: ImportPlan,
  project: string,
  artifact: Omit<ArtifactRow, "id" | "runId">,
): number {
  return writeTransaction(db, () => {
    const t = now();
    const projectId = ensureProject(db, project);
    const campaignId = Number(
      db
        .prepare(
          "INSERT INTO campaigns (project_id, name, spec_json, spec_dir, seed, status, created_at, finished_at) VALUES (?, ?, ?, NULL, ?, 'finished', ?, ?)",
        )
        .run(projectId, plan.campaignName, JSON.stringify(plan.spec), IMPORTED_CAMPAIGN_SEED, t, t).lastInsertRowid,
    );
    const designIds = new Map(plan.designs.map((d) => [d.name, ensureDesign(db, projectId, d.name)]));
    for (const d of plan.designs)
      db.prepare("UPDATE designs SET variables_json = ? WHERE id = ? AND variables_json = '{}'").run(
        JSON.stringify(d.variables),
        designIds.get(d.name),
      );
    const workloadIds = new Map(plan.workloads.map((w) => [w.name, ensureWorkload(db, projectId, w.name)]));
    for (const w of plan.workloads)
      db.prepare("UPDATE workloads SET features_json = ? WHERE id = ? AND features_json = '{}'").run(
        JSON.stringify(w.features),
        workloadIds.get(w.name),
      );
    const insertRun = db.prepare(
      `INSERT INTO runs (project_id, campaign_id, workload_id, design_id, repetition, ordinal, warmup, status, exit_code, wall_ns,
                         environment_json, features_json, message, created_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertArtifact = db.prepare(
      "INSERT INTO artifacts (run_id, kind, name, path, sha256, size_bytes, media_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (const [ordinal, r] of plan.runs.entries()) {
      const runId = insertRun.run(
        projectId,
        campaignId,
        workloadIds.get(r.workload),
        designIds.get(r.design),
        r.repetition,
        ordinal,
        r.status,
        r.exitCode,
        r.wallNs,
        JSON.stringify(r.environment),
        JSON.stringify(r.features),
        r.message,
        t,
        t,
      ).lastInsertRowid;
      insertArtifact.run(
        runId,
        artifact.kind,
        artifact.name,
        artifact.path,
        artifact.sha256,
        artifact.sizeBytes,
        artifact.mediaType,
        t,
      );
    }
    return campaignId;
  });
}
