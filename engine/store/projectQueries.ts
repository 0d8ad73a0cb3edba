// Read-side queries of projects, workloads and designs for the API: each row
// with the counts a view shows beside it.
import type { Db } from "./database.js";
import type { DesignInfo, ProjectSummary, WorkloadInfo } from "../campaign/readModels.js";

const PROJECT_SELECT = `
  SELECT p.id, p.name,
    (SELECT count(*) FROM workloads w WHERE w.project_id = p.id) AS workloads,
    (SELECT count(*) FROM designs d WHERE d.project_id = p.id) AS designs,
    (SELECT count(*) FROM campaigns c WHERE c.project_id = p.id) AS campaigns,
    (SELECT count(*) FROM runs r WHERE r.project_id = p.id) AS runs,
    max(p.created_at, coalesce((SELECT max(coalesce(r.finished_at, r.created_at)) FROM runs r WHERE r.project_id = p.id), '')) AS lastActivity
  FROM projects p`;

export function projectCounts(db: Db): ProjectSummary[] {
  return db.prepare(`${PROJECT_SELECT} ORDER BY lastActivity DESC, p.name`).all() as ProjectSummary[];
}

export function projectCountsById(db: Db, id: number): ProjectSummary | undefined {
  return db.prepare(`${PROJECT_SELECT} WHERE p.id = ?`).get(id) as ProjectSummary | undefined;
}

export function workloadRows(db: Db, projectId: number): WorkloadInfo[] {
  const rows = db
    .prepare(
      `SELECT w.id, w.name, w.argv_json AS argv, w.features_json AS features, w.requests,
              (SELECT count(*) FROM runs r WHERE r.workload_id = w.id) AS runs
       FROM workloads w WHERE w.project_id = ? ORDER BY w.name`,
    )
    .all(projectId) as {
    id: number;
    name: string;
    argv: string;
    features: string;
    requests: number | null;
    runs: number;
  }[];
  return rows.map((r) => ({
    ...r,
    argv: JSON.parse(r.argv) as string[],
    features: JSON.parse(r.features) as Record<string, number>,
  }));
}

export function designRows(db: Db, projectId: number): DesignInfo[] {
  const rows = db
    .prepare(
      `SELECT d.id, d.name, d.variables_json AS variables, (SELECT count(*) FROM runs r WHERE r.design_id = d.id) AS runs
       FROM designs d WHERE d.project_id = ? ORDER BY d.name`,
    )
    .all(projectId) as { id: number; name: string; variables: string; runs: number }[];
  return rows.map((r) => ({ ...r, variables: JSON.parse(r.variables) as Record<string, string | number | boolean> }));
}
