// Every write transaction in the engine and the desktop shell begins IMMEDIATE (issue 29, item 1):
// better-sqlite3's db.transaction() alone is DEFERRED, and one that reads before it writes fails at
// once with "database is locked" when another process wrote meanwhile (test/integration/
// concurrentCampaigns.test.ts shows it with two runners). Only engine/store/database.ts may call it.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../helpers/uftrace.js";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

describe("write transactions", () => {
  it("are all taken through writeTransaction (BEGIN IMMEDIATE), never db.transaction() directly", () => {
    const direct = ["engine", "electron"]
      .flatMap((d) => sources(join(ROOT, d)))
      .filter((f) => relative(ROOT, f) !== join("engine", "store", "database.ts"))
      .filter((f) => /\.transaction\s*\(/.test(readFileSync(f, "utf8")))
      .map((f) => relative(ROOT, f));
    assert.deepEqual(direct, []);
  });
});
