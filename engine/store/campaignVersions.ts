// The version of the program each campaign measured (migration 7; runner/programVersion.ts finds it).
import type { Db } from "./database.js";

export interface StoredVersion {
  readonly label: string;
  readonly commit: string | null;
  readonly dirty: boolean | null;
}

export function setCampaignVersion(db: Db, campaignId: number, v: StoredVersion): void {
  db.prepare("UPDATE campaigns SET version = ?, version_commit = ?, version_dirty = ? WHERE id = ?").run(
    v.label,
    v.commit,
    v.dirty === null ? null : v.dirty ? 1 : 0,
    campaignId,
  );
}

export function campaignVersion(db: Db, campaignId: number): StoredVersion | null {
  const r = db.prepare("SELECT version, version_commit, version_dirty FROM campaigns WHERE id = ?").get(campaignId) as
    { version: string | null; version_commit: string | null; version_dirty: number | null } | undefined;
  if (!r || r.version === null) return null;
  return { label: r.version, commit: r.version_commit, dirty: r.version_dirty === null ? null : r.version_dirty === 1 };
}

/** Each run's stored environment of a project's runs (runner/environment.ts), by run id. */
export function runEnvironments(db: Db, projectId: number): Map<number, unknown> {
  const rows = db.prepare("SELECT id, environment_json FROM runs WHERE project_id = ?").all(projectId) as {
    id: number;
    environment_json: string;
  }[];
  return new Map(rows.map((r) => [r.id, parseOrEmpty(r.environment_json)]));
}

function parseOrEmpty(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return {};
  }
}

/** The project's id by name, or null. */
export function projectIdByName(db: Db, name: string): number | null {
  const r = db.prepare("SELECT id FROM projects WHERE name = ?").get(name) as { id: number } | undefined;
  return r?.id ?? null;
}
