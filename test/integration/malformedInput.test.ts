// Bad input through the real CLI: each gives a clear message naming the file
// (and for traces the byte offset), a non-zero exit, and a workspace with not
// one file or row changed.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, record, tempDir } from "../helpers/uftrace.js";
import { readTraceFile } from "../../engine/io/readTrace.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { functionRows } from "../../engine/cct/query.js";
import { snapshot, varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";
import { countRows } from "../../engine/store/repositories.js";

describe("malformed inputs leave the workspace intact", () => {
  let good: string;
  let ws: string;

  before(() => {
    buildExamples();
    good = record("frame_loop", ["12", "20"]);
    ws = join(tempDir("ws"), "workspace");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    assert.equal(varbench(["-w", ws, "import", good, "--project", "p"]).status, 0, "a good import first");
  });

  const copyOfGood = () => {
    const dir = join(tempDir("bad"), "uftrace.data");
    cpSync(good, dir, { recursive: true });
    return dir;
  };
  const datOf = (dir: string) => {
    const dat = readdirSync(dir).find((f) => /^\d+\.dat$/.test(f));
    assert.ok(dat, `a thread file in ${dir}`);
    return join(dir, dat);
  };

  const cases: { name: string; make: () => string; expect: RegExp }[] = [
    {
      name: "a .dat cut mid-record",
      make: () => {
        const dir = copyOfGood();
        const dat = datOf(dir);
        truncateSync(dat, readFileSync(dat).length - 5);
        return dir;
      },
      expect: /\.dat: at byte \d+: the file ends inside a record/,
    },
    {
      name: "wrong magic bits in a record",
      make: () => {
        const dir = copyOfGood();
        const dat = datOf(dir);
        const bytes = readFileSync(dat);
        bytes[16 * 3 + 8] &= ~(7 << 3); // magic of the fourth record → 0
        writeFileSync(dat, bytes);
        return dir;
      },
      expect: /\.dat: at byte 48: bad magic 0/,
    },
    {
      name: "a missing .sym of the traced program",
      make: () => {
        const dir = copyOfGood();
        rmSync(join(dir, "frame_loop.sym"));
        return dir;
      },
      expect: /missing frame_loop\.sym, the symbol table of the traced program/,
    },
    {
      name: "a wrong magic in info",
      make: () => {
        const dir = copyOfGood();
        const info = readFileSync(join(dir, "info"));
        info[0] = 0x58;
        writeFileSync(join(dir, "info"), info);
        return dir;
      },
      expect: /info: at byte 0: bad magic/,
    },
    {
      name: "broken JSON",
      make: () => {
        const file = join(tempDir("json"), "trace.json");
        writeFileSync(
          file,
          '[{"ph":"B","name":"a","ts":1,"pid":1,"tid":1},\n{"ph":"E","name":"a","ts":2,"pid":1 "tid":1}]',
        );
        return file;
      },
      expect: /trace\.json: at byte 47: event is not valid JSON/,
    },
    {
      name: "an empty directory",
      make: () => {
        const dir = join(tempDir("empty"), "uftrace.data");
        mkdirSync(dir);
        return dir;
      },
      expect: /uftrace\.data: missing info/,
    },
    {
      name: "a path that does not exist",
      make: () => join(tempDir("none"), "nothing.json"),
      expect: /nothing\.json: no such file or directory/,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: clear error, non-zero exit, workspace unchanged`, () => {
      const bad = c.make();
      const before = snapshot(ws);
      const rowsBefore = rows(ws);
      const r = varbench(["-w", ws, "import", bad, "--project", "p"]);
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /^varbench: /);
      assert.match(r.stderr, c.expect);
      assert.deepEqual(snapshot(ws), before, "no file added or changed");
      assert.deepEqual(rows(ws), rowsBefore, "no row added");
      const direct = varbench(["cct", bad]);
      assert.notEqual(direct.status, 0);
      assert.match(direct.stderr, c.expect);
    });
  }
});

describe("lost records in a real recording", () => {
  it("are counted and reported, and the stream resynchronises by the recorded depth", async () => {
    buildExamples();
    const dir = record("nested_chain", ["6"], ["--no-event"]);
    const dat = join(
      dir,
      readdirSync(dir).find((f) => /^\d+\.dat$/.test(f))!,
    );
    const bytes = readFileSync(dat);
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    // Find the exit of the third W (depth 4: main > H > U > V > W) and make it a
    // lost record (type 2) counting one record, with time 0 as uftrace writes it.
    let exits = 0;
    let at = -1;
    for (let r = 0; r < words.length / 4; r++) {
      const lo = words[r * 4 + 2];
      if ((lo & 3) === 1 && ((lo >>> 6) & 0x3ff) === 4 && ++exits === 3) at = r;
    }
    assert.ok(at >= 0, "found the exit to lose");
    words[at * 4] = 0;
    words[at * 4 + 1] = 0;
    words[at * 4 + 2] = (words[at * 4 + 2] & ~3 & 0x3f) | 2 | (1 << 16); // type 2, magic kept, address field = 1
    words[at * 4 + 3] = 0;
    writeFileSync(dat, bytes);

    const { cct } = await readTraceFile(dir);
    assert.ok(
      cct.warnings.some((w) => w.kind === "lost-records" && w.count === 1),
      "the loss is reported",
    );
    const calls = new Map(functionRows(mergeThreads(cct), cct.functions).map((r) => [r.name, r.calls]));
    // Every call is still counted once: W's lost exit is closed when V exits.
    assert.deepEqual(
      ["H", "U", "V", "W"].map((f) => calls.get(f)),
      [6, 6, 6, 6],
    );
    assert.ok(
      cct.warnings.some((w) => w.kind === "closed-on-mismatch"),
      "the cut-short call is reported",
    );
    for (const t of cct.threads) for (const v of t.contexts.inclusiveNs) assert.ok(v >= 0);
  });
});

function rows(dir: string): Record<string, number> {
  const ws = Workspace.open(dir);
  try {
    return countRows(ws.db);
  } finally {
    ws.close();
  }
}
