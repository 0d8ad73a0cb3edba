// Opening a workspace database: WAL so readers never block the runner,
// foreign keys on, and migrations brought up to date before anything else.
import type Database from "better-sqlite3";
import { createRequire } from "node:module";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";

export type Db = Database.Database;

// Loaded when a workspace is first opened, not at start: a command that reads
// a trace file never pays for the native module.
const require = createRequire(import.meta.url);

export function openDatabase(file: string, options: { upTo?: number } = {}): Db {
  const BetterSqlite3 = require("better-sqlite3") as typeof Database;
  const db = new BetterSqlite3(file);
  db.pragma("journal_mode = WAL");
  // With WAL, NORMAL never corrupts and loses nothing when a process is killed
  // (committed pages are in the OS already); only a power loss can drop the
  // last commits. It saves an fsync per commit, and a run commits three times.
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db, options.upTo ?? SCHEMA_VERSION);
  return db;
}

export function schemaVersion(db: Db): number {
  return db.pragma("user_version", { simple: true }) as number;
}

function migrate(db: Db, target: number): void {
  const current = schemaVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new Error(`workspace schema version ${current} is newer than this Varbench (${SCHEMA_VERSION}); update Varbench`);
  }
  for (let v = current; v < target; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
