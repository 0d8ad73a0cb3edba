// Reading and writing the nouns of the workspace. Rows cross this boundary
// as plain objects in the vocabulary of docs/design.md.
import type { Db } from "./database.js";

const now = () => new Date().toISOString();

/** A run as stored, with its project, workload and design by name. */
export interface StoredRun {
  readonly id: number;
  readonly project: string;
  readonly workload: string | null;
  readonly design: string | null;
  readonly campaignId: number | null;
  readonly status: string;
  readonly message: string | null;
  readonly createdAt: string;
}

export interface ArtifactRow {
  readonly id: number;
  readonly runId: number;
  readonly kind: string;
  readonly name: string;
  readonly path: string;
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly mediaType: string;
}

export function ensureProject(db: Db, name: string): number {
  db.prepare("INSERT INTO projects (name, created_at) VALUES (?, ?) ON CONFLICT(name) DO NOTHING").run(name, now());
  return (db.prepare("SELECT id FROM projects WHERE name = ?").get(name) as { id: number }).id;
}

export function ensureWorkload(db: Db, projectId: number, name: string): number {
  db.prepare("INSERT INTO workloads (project_id, name) VALUES (?, ?) ON CONFLICT(project_id, name) DO NOTHING").run(
    projectId,
    name,
  );
  return (
    db.prepare("SELECT id FROM workloads WHERE project_id = ? AND name = ?").get(projectId, name) as { id: number }
  ).id;
}

export function ensureDesign(db: Db, projectId: number, name: string): number {
  db.prepare("INSERT INTO designs (project_id, name) VALUES (?, ?) ON CONFLICT(project_id, name) DO NOTHING").run(
    projectId,
    name,
  );
  return (db.prepare("SELECT id FROM designs WHERE project_id = ? AND name = ?").get(projectId, name) as { id: number })
    .id;
}

export interface NewRun {
  readonly projectId: number;
  readonly workloadId: number | null;
  readonly designId: number | null;
  readonly status: string;
  readonly message?: string;
  readonly environment?: Record<string, unknown>;
  /** What its data measured (campaign/measures.ts). */
  readonly measures?: Record<string, number>;
}

export function insertRun(db: Db, run: NewRun): number {
  const t = now();
  const info = db
    .prepare(
      `INSERT INTO runs (project_id, workload_id, design_id, status, message, environment_json, measures_json, created_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      run.projectId,
      run.workloadId,
      run.designId,
      run.status,
      run.message ?? null,
      JSON.stringify(run.environment ?? {}),
      JSON.stringify(run.measures ?? {}),
      t,
      t,
    );
  return Number(info.lastInsertRowid);
}

export function insertArtifact(db: Db, a: Omit<ArtifactRow, "id">): number {
  const info = db
    .prepare(
      `INSERT INTO artifacts (run_id, kind, name, path, sha256, size_bytes, media_type, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(a.runId, a.kind, a.name, a.path, a.sha256, a.sizeBytes, a.mediaType, now());
  return Number(info.lastInsertRowid);
}

const RUN_SELECT = `
  SELECT r.id, p.name AS project, w.name AS workload, d.name AS design, r.campaign_id AS campaignId,
         r.status, r.message, r.created_at AS createdAt
  FROM runs r JOIN projects p ON p.id = r.project_id
  LEFT JOIN workloads w ON w.id = r.workload_id
  LEFT JOIN designs d ON d.id = r.design_id`;

export function getRun(db: Db, id: number): StoredRun | undefined {
  return db.prepare(`${RUN_SELECT} WHERE r.id = ?`).get(id) as StoredRun | undefined;
}

export function artifactsOf(db: Db, runId: number): ArtifactRow[] {
  return db
    .prepare(
      `SELECT id, run_id AS runId, kind, name, path, sha256, size_bytes AS sizeBytes, media_type AS mediaType
       FROM artifacts WHERE run_id = ? ORDER BY id`,
    )
    .all(runId) as ArtifactRow[];
}

export function countRows(db: Db): Record<string, number> {
  const tables = ["projects", "workloads", "designs", "campaigns", "runs", "artifacts", "analyses"];
  return Object.fromEntries(
    tables.map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]),
  );
}
