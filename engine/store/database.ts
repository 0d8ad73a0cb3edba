// Opening a workspace database: WAL so readers never block the runner,
// foreign keys on, and migrations brought up to date before anything else.
// Several processes may write one workspace at once (two `campaign run`, the
// workbench beside the command line): every write transaction takes the write
// lock when it begins (writeTransaction), and a writer waits its turn for up to
// BUSY_TIMEOUT_MS instead of failing with "database is locked".
import type Database from "better-sqlite3";
import { createRequire } from "node:module";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";

export type Db = Database.Database;

// Loaded when a workspace is first opened, not at start: a command that reads
// a trace file never pays for the native module.
const require = createRequire(import.meta.url);

/** How long a writer waits for another process's write transaction. The longest a workspace holds
 * one is an import or a campaign plan of 200,000 runs (the specs' cap), a few seconds idle and many
 * times that on a loaded machine; a minute outlasts them, and a lock held longer is a process stuck
 * inside a transaction, which is said rather than waited for forever. */
export const BUSY_TIMEOUT_MS = 60_000;

export function openDatabase(file: string, options: { upTo?: number } = {}): Db {
  const BetterSqlite3 = require("better-sqlite3") as typeof Database;
  // The busy timeout is set as the file opens, so that even switching to WAL waits for a process
  // opening the same new workspace.
  const db = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  db.pragma("journal_mode = WAL");
  // With WAL, NORMAL never corrupts and loses nothing when a process is killed
  // (committed pages are in the OS already); only a power loss can drop the
  // last commits. It saves an fsync per commit, and a run commits three times.
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  migrate(db, options.upTo ?? SCHEMA_VERSION);
  return db;
}

/** Runs `fn` in a transaction that takes the write lock as it begins (BEGIN IMMEDIATE). A deferred
 * transaction (better-sqlite3's default) that reads first and writes later cannot wait for the lock:
 * when another process committed since its read, SQLite fails it at once with SQLITE_BUSY, busy
 * timeout or not (its snapshot is stale, https://www.sqlite.org/lang_transaction.html). Every
 * transaction that writes goes through here; a single statement outside one waits by itself. */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}

export function schemaVersion(db: Db): number {
  return db.pragma("user_version", { simple: true }) as number;
}

function migrate(db: Db, target: number): void {
  const current = schemaVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `workspace schema version ${current} is newer than this Varbench (${SCHEMA_VERSION}); update Varbench`,
    );
  }
  for (let v = current; v < target; v++) {
    writeTransaction(db, () => {
      // Another process opening the workspace at the same time may have applied it while this one waited.
      if (schemaVersion(db) > v) return;
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    });
  }
}
