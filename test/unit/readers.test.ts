// Readers on hand-written inputs with hand-computed expectations, each format
// read by name and by detection, and in chunks as small as one byte (what they
// hold on a million events: test/stress/readerMemory.test.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { readTextTrace } from "../../engine/trace/text/readTextTrace.js";
import { readChromeTrace } from "../../engine/trace/chrome/readChromeTrace.js";
import { readUftrace } from "../../engine/trace/uftrace/readUftrace.js";
import { DETECT_BYTES, detectFormat } from "../../engine/trace/detect.js";
import { TraceError, describeTraceWarning } from "../../engine/trace/diagnostics.js";
import type { Cct } from "../../engine/cct/cct.js";
import { memoryDirectory, memorySource } from "../helpers/memorySource.js";
import { directorySource } from "../../engine/io/fileSource.js";
import { assertSameCct, rowsByPath } from "../helpers/cctCompare.js";
import { FIXTURES } from "../helpers/uftrace.js";
import { parseCct, serializeCct } from "../../engine/cct/serialize.js";
import { contextRows } from "../../engine/cct/query.js";

const TEXT = `# varbench-events 1
# two invocations of F: 100 ns (G 40) and 300 ns (G 40, G 60)
B 7 7 1000 main
B 7 7 1000 F
B 7 7 1010 G
E 7 7 1050 G
E 7 7 1100 F
B 7 7 1100 F
B 7 7 1110 G
E 7 7 1150 G
B 7 7 1200 G
E 7 7 1260
E 7 7 1400 F
E 7 7 1500 main
B 7 8 0 worker thread fn
E 7 8 5 worker thread fn
`;

const CHROME_OBJECT = `{"otherData":{"x":[1,{"traceEvents":[]}]},"traceEvents":[
{"ph":"M","pid":7,"tid":8,"name":"thread_name","args":{"name":"worker"}},
{"ph":"B","pid":7,"tid":7,"ts":1.000,"name":"main"},
{"ph":"X","pid":7,"tid":8,"ts":0.000,"dur":0.005,"name":"worker thread fn"},
{"ph":"B","pid":7,"tid":7,"ts":1.0,"name":"F"},{"ph":"B","pid":7,"tid":7,"ts":1.01,"name":"G"},
{"ph":"E","pid":7,"tid":7,"ts":1.05,"name":"G"},{"ph":"E","pid":7,"tid":7,"ts":1.1,"name":"F"},
{"ph":"B","pid":7,"tid":7,"ts":1.1,"name":"F"},{"ph":"B","pid":7,"tid":7,"ts":1.11,"name":"G"},
{"ph":"E","pid":7,"tid":7,"ts":1.15,"name":"G"},{"ph":"B","pid":7,"tid":7,"ts":1.2,"name":"G","args":{"s":"}\\"{"}},
{"ph":"E","pid":7,"tid":7,"ts":1.26},{"ph":"E","pid":7,"tid":7,"ts":1.4,"name":"F"},
{"ph":"i","pid":7,"tid":7,"ts":1.45,"name":"mark"},{"ph":"E","pid":7,"tid":7,"ts":1.5,"name":"main"}
],"displayTimeUnit":"ns"}`;

// The same calls as X events in scrambled order, array form, no closing bracket.
const CHROME_X = `[
{"ph":"X","pid":7,"tid":7,"ts":1.2,"dur":0.06,"name":"G"},
{"ph":"X","pid":7,"tid":7,"ts":1.0,"dur":0.1,"name":"F"},
{"ph":"X","pid":7,"tid":8,"ts":0,"dur":0.005,"name":"worker thread fn"},
{"ph":"X","pid":7,"tid":7,"ts":1.1,"dur":0.3,"name":"F"},
{"ph":"X","pid":7,"tid":7,"ts":1.0,"dur":0.5,"name":"main"},
{"ph":"X","pid":7,"tid":7,"ts":1.01,"dur":0.04,"name":"G"},
{"ph":"X","pid":7,"tid":7,"ts":1.11,"dur":0.04,"name":"G"},
`;

async function read(kind: "text" | "chrome", input: string, chunk = 1 << 20): Promise<Cct> {
  const b = new CctBuilder();
  const src = memorySource(`t.${kind}`, input, chunk);
  await (kind === "text" ? readTextTrace(src, b) : readChromeTrace(src, b));
  return b.finish();
}

function assertHandComputed(cct: Cct): void {
  const rows = rowsByPath(cct);
  const f = rows.get("main>F")!;
  // F: 100 and 300 ns → mean 200, population σ 100.
  assert.deepEqual(
    [f.n, f.meanNs, f.stdNs, f.minNs, f.maxNs, f.inclusiveNs, f.selfNs],
    [2, 200, 100, 100, 300, 400, 400 - 140],
  );
  const g = rows.get("main>F>G")!;
  assert.deepEqual([g.n, g.inclusiveNs, g.meanNs], [3, 140, 140 / 3]);
  assert.equal(rows.get("main")!.inclusiveNs, 500);
  assert.equal(rows.get("worker thread fn")!.inclusiveNs, 5);
  // F's child covariance: Y0 = self (60, 200), Y1 = G (40, 100) → C = [[4900, 2100], [2100, 900]].
  const cols = cct.threads.find((t) => t.tid === 7)!.contexts;
  const cov = cols.covariance[f.id]!;
  assert.deepEqual(cov.matrix, [4900, 2100, 2100, 900]);
  assert.equal(
    cov.matrix.reduce((a, b) => a + b, 0),
    f.stdNs ** 2,
  );
}

describe("varbench-events text reader", () => {
  it("reads a hand-computed case exactly", async () => assertHandComputed(await read("text", TEXT)));
  it("gives the same CCT in 1-byte and 7-byte chunks", async () => {
    const whole = await read("text", TEXT);
    assertSameCct(await read("text", TEXT, 1), whole, 0);
    assertSameCct(await read("text", TEXT, 7), whole, 0);
  });
  it("names the line and byte of a malformed line", async () => {
    await assert.rejects(read("text", "# varbench-events 1\nB 1 1 5 a\nX nonsense\n"), (e: TraceError) => {
      assert.match(e.message, /^t\.text: at byte 30: line 3 is not/);
      return true;
    });
    await assert.rejects(read("text", "B 1 1 5 a\n"), /first line must be/);
  });
  it("counts E events with no open call of their function in one warning, with the first line", async () => {
    const cct = await read("text", "# varbench-events 1\nE 1 1 1\nB 1 1 2 f\nE 1 1 3 g\nE 1 1 3\nE 1 1 4\nE 1 1 5 f\n");
    assert.equal(rowsByPath(cct).get("f")?.inclusiveNs, 1);
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      "t.text: 4 E event(s) with no open call of their function (the first on line 2) were skipped",
    ]);
  });
});

describe("Chrome trace reader", () => {
  it("object form with metadata, nested decoys, E without name, instants: the hand-computed case", async () =>
    assertHandComputed(await read("chrome", CHROME_OBJECT)));
  it("X events in any order, array form without the final bracket: the same CCT", async () => {
    assertSameCct(await read("chrome", CHROME_X), await read("text", TEXT), 1e-12);
  });
  it("gives the same CCT in 1-byte and 5-byte chunks", async () => {
    const whole = await read("chrome", CHROME_OBJECT);
    assertSameCct(await read("chrome", CHROME_OBJECT, 1), whole, 0);
    assertSameCct(await read("chrome", CHROME_X, 5), await read("chrome", CHROME_X), 0);
  });
  it("many processes and threads interleaved: one tree each, equal to each thread read alone", async () => {
    const ids = [1, 2, 3].flatMap((pid) => [pid * 10, pid * 10 + 1].map((tid) => ({ pid, tid })));
    const eventsOf = ({ pid, tid }: { pid: number; tid: number }) =>
      [0, 1, 2].flatMap((k) => [
        { ph: "B", pid, tid, ts: k + 0.001 * tid, name: `work${pid}` },
        { ph: "E", pid, tid, ts: k + 0.5 + 0.001 * tid + 0.0001 * k * pid, name: `work${pid}` },
      ]);
    const perThread = ids.map(eventsOf);
    const interleaved = perThread[0].map((_, j) => perThread.map((evs) => evs[j])).flat();
    const cct = await read("chrome", JSON.stringify(interleaved));
    assert.deepEqual(
      cct.threads.map((t) => `${t.pid}/${t.tid}`),
      ids.map((i) => `${i.pid}/${i.tid}`),
    );
    for (const [k, t] of cct.threads.entries()) {
      const alone = await read("chrome", JSON.stringify(perThread[k]));
      const mine = contextRows(t.contexts, cct.functions)[0];
      const ref = contextRows(alone.threads[0].contexts, alone.functions)[0];
      assert.deepEqual([mine.path, mine.n, mine.inclusiveNs], [ref.path, ref.n, ref.inclusiveNs]);
      assert.ok(Math.abs(mine.stdNs - ref.stdNs) < 1e-9);
    }
  });

  it("reports an event cut off at the end instead of failing", async () => {
    const cct = await read("chrome", CHROME_OBJECT.slice(0, CHROME_OBJECT.indexOf('{"ph":"i"') + 12));
    assert.ok(cct.warnings.some((w) => w.kind === "truncated"));
  });
  it("names the byte offset of a broken event", async () => {
    await assert.rejects(
      read("chrome", '[{"ph":"B","name":"a","ts":1},{"ph":"E" "ts":2}]'),
      /at byte 30: event is not valid JSON/,
    );
    await assert.rejects(read("chrome", "hello"), /expected '\[' or '\{'/);
  });
});

describe("uftrace reader on the bundled fixture", () => {
  const dir = join(FIXTURES, "uftrace", "0.13", "frame_loop");
  const files = new Map(readdirSync(dir).map((f) => [f, new Uint8Array(readFileSync(join(dir, f)))]));
  const readWith = async (chunk: number) => {
    const b = new CctBuilder();
    await readUftrace(memoryDirectory(dir, files, chunk), b);
    return b.finish();
  };
  it("gives the same CCT in 5-byte, 16-byte and 1 MiB chunks", async () => {
    const whole = await readWith(1 << 20);
    assertSameCct(await readWith(5), whole, 0);
    assertSameCct(await readWith(16), whole, 0);
  });
  it("gives the same CCT read in blocks straight into the record buffer, from memory and from its files", async () => {
    const whole = await readWith(1 << 20);
    // 5 and 21 bytes cut records (16 bytes) everywhere; 16 never does.
    for (const block of [5, 16, 21, 1 << 20]) {
      const b = new CctBuilder();
      await readUftrace(memoryDirectory(dir, files, block, true), b);
      assertSameCct(b.finish(), whole, 0);
    }
    for (const block of [7, 1 << 20]) {
      const b = new CctBuilder();
      const source = directorySource(dir, block);
      assert.ok(source.open("task.txt").openBlocks, "a file source reads into the reader's buffer");
      await readUftrace(source, b);
      assertSameCct(b.finish(), whole, 0);
    }
  });
  it("refuses a thread file cut inside its last record, read in blocks or in chunks alike", async () => {
    const dat = [...files.keys()].find((f) => f.endsWith(".dat"))!;
    const cut = new Map(files);
    cut.set(dat, files.get(dat)!.subarray(0, files.get(dat)!.length - 5));
    for (const blocks of [false, true])
      await assert.rejects(
        readUftrace(memoryDirectory(dir, cut, 7, blocks), new CctBuilder()),
        /the file ends inside a record \(11 of 16 bytes/,
      );
  });
  it("round-trips through its serialised artifact form", async () => {
    const cct = await readWith(1 << 20);
    assertSameCct(parseCct(serializeCct(cct)), cct, 0);
  });
  it("matches the Chrome export of the same recording", async () => {
    const json = readFileSync(join(FIXTURES, "uftrace", "0.13", "frame_loop.chrome.json"), "utf8");
    assertSameCct(await readWith(1 << 20), await read("chrome", json));
  });
});

describe("format detection", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it("judges by content first, then extension", () => {
    assert.equal(detectFormat("x", true, bytes("")), "uftrace");
    assert.equal(detectFormat("a.json", false, bytes("# varbench-events 1\n")), "text");
    assert.equal(detectFormat("a.txt", false, bytes('  {"traceEvents":[')), "chrome");
    assert.equal(detectFormat("a.json", false, bytes("\uFEFF[")), "chrome");
    assert.throws(
      () => detectFormat("a.bin", false, bytes("\x7fELF")),
      /not a trace or results file Varbench can read/,
    );
    // Text without the varbench-events header is no trace of ours, whatever its name.
    assert.throws(
      () => detectFormat("notes.txt", false, bytes("shopping list\n")),
      /notes\.txt: not a trace or results file/,
    );
  });

  it("says an empty or blank file is one, and leaves a head of blanks alone: a trace may follow (probe)", () => {
    assert.throws(
      () => detectFormat("a.json", false, bytes("")),
      /a\.json: the trace holds no events: the file is empty$/,
    );
    assert.throws(
      () => detectFormat("a.json", false, bytes(" \n\t")),
      /the trace holds no events: the file holds only whitespace$/,
    );
    assert.equal(detectFormat("a.json", false, bytes(" ".repeat(DETECT_BYTES))), "chrome");
  });
});
