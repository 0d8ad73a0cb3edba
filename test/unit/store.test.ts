// The workspace store on a real SQLite file: reopened after a write, migrated
// from an older schema version, and with WAL and foreign keys in force.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { existsSync, readdirSync } from "node:fs";
import { openDatabase, schemaVersion } from "../../engine/store/database.js";
import { SCHEMA_VERSION } from "../../engine/store/migrations.js";
import { Workspace } from "../../engine/store/workspace.js";
import { cachedResult, storeResult, storeResults } from "../../engine/store/analysisCache.js";
import { textOf } from "../../engine/io/jsonText.js";
import { artifactsOf, ensureProject, getRun, insertArtifact, insertRun } from "../../engine/store/repositories.js";
import { tempDir } from "../helpers/uftrace.js";

describe("workspace store", () => {
  it("keeps what was written across close and reopen, in WAL mode with foreign keys on", async () => {
    const dir = join(tempDir("store"), "ws");
    const ws = Workspace.init(dir);
    const blob = await ws.artifacts.putBytes("hello");
    const runId = ws.db.transaction(() => {
      const id = insertRun(ws.db, {
        projectId: ensureProject(ws.db, "p"),
        workloadId: null,
        designId: null,
        status: "imported",
      });
      insertArtifact(ws.db, {
        runId: id,
        kind: "note",
        name: "n",
        path: blob.path,
        sha256: blob.sha256,
        sizeBytes: blob.sizeBytes,
        mediaType: "text/plain",
      });
      return id;
    })();
    ws.close();

    const again = Workspace.open(dir);
    assert.equal(again.db.pragma("journal_mode", { simple: true }), "wal");
    assert.equal(again.db.pragma("foreign_keys", { simple: true }), 1);
    assert.equal(getRun(again.db, runId)?.project, "p");
    const [art] = artifactsOf(again.db, runId);
    assert.equal(await again.artifacts.readText(art.path), "hello");
    assert.equal(art.sha256, "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", "SHA-256 of 'hello'");
    assert.throws(
      () => insertRun(again.db, { projectId: 999, workloadId: null, designId: null, status: "imported" }),
      /FOREIGN KEY/,
    );
    again.close();
  });

  it("serves a kept analysis result back, and computes again one damaged on disk rather than serving it", () => {
    const ws = Workspace.init(join(tempDir("cache"), "ws"));
    const key = { kind: "trends", inputsKey: "k", parametersJson: "{}", engineVersion: "1" };
    storeResult(ws.db, key, JSON.stringify({ clusters: [1, 2] }));
    assert.deepEqual(cachedResult(ws.db, key), { clusters: [1, 2] });
    // An analysis' answer keeps the text it was parsed from (the engine's worker sends that); others do not.
    const served = cachedResult(ws.db, key, true);
    assert.equal(textOf(served), '{"clusters":[1,2]}');
    assert.equal(textOf(cachedResult(ws.db, key)), undefined);
    ws.db.prepare("UPDATE analyses SET result_json = ?").run(JSON.stringify({ clusters: null }));
    assert.equal(cachedResult(ws.db, key), undefined);
    assert.equal(
      (ws.db.prepare("SELECT COUNT(*) AS n FROM analyses").get() as { n: number }).n,
      0,
      "the damaged row is dropped",
    );
    storeResult(ws.db, key, "{}");
    ws.db.prepare("UPDATE analyses SET result_json = 'garbage'").run();
    assert.equal(cachedResult(ws.db, key), undefined);
    ws.close();
  });

  it("stores results of one kind at once: other versions gone, room made for every one of them among the newest `keep`", () => {
    const ws = Workspace.init(join(tempDir("cache-batch"), "ws"));
    const key = (k: string, engineVersion = "2") => ({
      kind: "runTimelines",
      inputsKey: k,
      parametersJson: "{}",
      engineVersion,
    });
    const count = () => (ws.db.prepare("SELECT COUNT(*) AS n FROM analyses").get() as { n: number }).n;
    storeResult(ws.db, key("old", "1"), '"v1"');
    for (const k of ["a", "b", "c", "d"]) storeResult(ws.db, key(k), JSON.stringify(k), 5);
    assert.equal(count(), 4, "the other engine version's row went");
    // Four results (one of them "b" again), keep 5: the newest older one (d) stays, and all four are there.
    storeResults(
      ws.db,
      ["b", "e", "f", "g"].map((k) => ({ key: key(k), resultJson: JSON.stringify(`${k}!`) })),
      5,
    );
    assert.equal(count(), 5);
    assert.deepEqual(
      ["a", "b", "c", "d", "e", "f", "g"].map((k) => cachedResult(ws.db, key(k)) ?? null),
      [null, "b!", null, "d", "e!", "f!", "g!"],
    );
    // More results than `keep`: the newest of them, no more than `keep`.
    const many = ["h", "i", "j", "k", "l", "m"];
    storeResults(
      ws.db,
      many.map((k) => ({ key: key(k), resultJson: JSON.stringify(k) })),
      5,
    );
    assert.equal(count(), 5);
    assert.deepEqual(
      many.map((k) => cachedResult(ws.db, key(k)) ?? null),
      [null, "i", "j", "k", "l", "m"],
    );
    ws.close();
  });

  it("migrates a workspace written at schema version 1, keeping its rows", () => {
    const file = join(tempDir("migrate"), "varbench.sqlite");
    const v1 = openDatabase(file, { upTo: 1 });
    assert.equal(schemaVersion(v1), 1);
    const runId = insertRunV1(v1);
    v1.close();

    const db = openDatabase(file);
    assert.equal(schemaVersion(db), SCHEMA_VERSION);
    const art = db.prepare("SELECT media_type FROM artifacts WHERE run_id = ?").get(runId) as { media_type: string };
    assert.equal(art.media_type, "application/octet-stream", "new column with its default on old rows");
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]).map(
      (r) => r.name,
    );
    assert.ok(indexes.includes("runs_by_campaign"));
    db.close();
  });

  it("refuses a folder that is not a workspace instead of creating one", () => {
    const dir = tempDir("notws");
    assert.throws(() => Workspace.open(dir), /is not a Varbench workspace/);
    assert.equal(existsSync(join(dir, "varbench.sqlite")), false);
  });

  it("stores equal content once and resolves artifact paths inside the workspace only", async () => {
    const ws = Workspace.init(join(tempDir("cas"), "ws"));
    const a = await ws.artifacts.putBytes("same");
    const b = await ws.artifacts.putBytes("same");
    assert.equal(a.path, b.path);
    assert.equal(b.created, false);
    assert.equal(readdirSync(join(ws.dir, "artifacts")).filter((f) => f.startsWith(".tmp")).length, 0);
    assert.throws(() => ws.artifacts.absolute("../../etc/passwd"), /outside the workspace/);
    ws.close();
  });
});

/** A run and artifact written with version 1's columns only. */
function insertRunV1(db: ReturnType<typeof openDatabase>): number {
  const t = new Date().toISOString();
  db.prepare("INSERT INTO projects (name, created_at) VALUES ('old', ?)").run(t);
  const run = db.prepare("INSERT INTO runs (project_id, status, created_at) VALUES (1, 'imported', ?)").run(t);
  db.prepare(
    "INSERT INTO artifacts (run_id, kind, name, path, sha256, size_bytes, created_at) VALUES (?, 'x', 'x', 'artifacts/x', 'h', 1, ?)",
  ).run(run.lastInsertRowid, t);
  return Number(run.lastInsertRowid);
}
