// A workspace: one SQLite file plus an artifact folder beside it (docs/design.md).
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { ArtifactStore } from "./artifactStore.js";
import { openDatabase, type Db } from "./database.js";
import { ensureWorkspaceFolder } from "./workspaceFolder.js";
import { backfillMeasures } from "./measureBackfill.js";

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
    const ws = new Workspace(full, openDatabase(join(full, DATABASE_FILE)), new ArtifactStore(full));
    backfillMeasures(ws.db, ws.artifacts);
    return ws;
  }

  /** Opens an existing workspace; a folder without a database is an error, not a new workspace. */
  static open(dir: string): Workspace {
    const full = resolve(dir);
    if (!existsSync(join(full, DATABASE_FILE))) {
      throw new Error(`${full} is not a Varbench workspace (no ${DATABASE_FILE}); create one with: varbench workspace init ${dir}`);
    }
    return Workspace.init(full);
  }

  close(): void {
    this.db.close();
  }
}
