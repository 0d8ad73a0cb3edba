// A workspace: one SQLite file plus an artifact folder beside it (docs/design.md).
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { ArtifactStore } from "./artifactStore.js";
import { openDatabase, type Db } from "./database.js";
import { ensureWorkspaceFolder } from "./workspaceFolder.js";
import { backfillMeasures } from "./measureBackfill.js";
import { removeArtifactLeftovers } from "./artifactLeftovers.js";

export const DATABASE_FILE = "varbench.sqlite";

export class Workspace {
  private constructor(
    readonly dir: string,
    readonly db: Db,
    readonly artifacts: ArtifactStore,
  ) {}

  /** Creates the workspace folder and database if needed, then opens it. */
  static init(dir: string): Workspace {
    const full = resolve(dir);
    ensureWorkspaceFolder(full);
    mkdirSync(join(full, "artifacts"), { recursive: true });
    const db = openDatabase(join(full, DATABASE_FILE));
    // What a process killed midway left (a half-copied trace, the blobs of an import never committed).
    removeArtifactLeftovers(full, db);
    const ws = new Workspace(full, db, new ArtifactStore(full));
    backfillMeasures(ws.db, ws.artifacts);
    return ws;
  }

  /** Opens an existing workspace; a folder without a database is an error, not a new workspace. */
  static open(dir: string): Workspace {
    const full = resolve(dir);
    if (!existsSync(join(full, DATABASE_FILE))) {
      throw new Error(
        `${full} is not a Varbench workspace (no ${DATABASE_FILE}); create one with: varbench workspace init ${dir}`,
      );
    }
    return Workspace.init(full);
  }

  close(): void {
    this.artifacts.close();
    this.db.close();
  }
}
