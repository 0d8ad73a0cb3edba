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
