// Inputs that broke a trace reader once, found by the readers' fuzz tests
// (issue 17): each is now read, or refused with a TraceError that names the
// file and where in it, never another exception, a hang, or a malformed result.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import type { Cct } from "../../engine/cct/cct.js";
import { readCallgrind } from "../../engine/trace/callgrind/readCallgrind.js";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { readGcovJson } from "../../engine/trace/gcov/readGcov.js";
import type { TraceSink } from "../../engine/trace/sink.js";
import { readTextTrace } from "../../engine/trace/text/readTextTrace.js";
import { readUftrace } from "../../engine/trace/uftrace/readUftrace.js";
import { assertSameCct } from "../helpers/cctCompare.js";
import { decodedSink } from "../helpers/decodedSink.js";
import { memoryDirectory, memorySource } from "../helpers/memorySource.js";
import { FIXTURES } from "../helpers/uftrace.js";

/** A TraceError whose message matches. */
const refusal = (pattern: RegExp) => (e: unknown) => e instanceof TraceError && pattern.test(e.message);

describe("text trace reader bounds", () => {
  const read = async (text: string) => {
    const b = new CctBuilder();
    await readTextTrace(memorySource("t.events", text), b);
    return b.finish();
  };

  it("reads pid 07 as process 7: one stack and one clock, so time running back between them is refused (they were two streams fed to one thread)", async () => {
    await assert.rejects(
      read("# varbench-events 1\nB 7 7 100 f\nE 07 7 50 f\n"),
      refusal(/^t\.events: at byte 32: line 3: time goes backwards in thread 7\/7$/),
    );
  });

  it("refuses a pid or tid past 2^53, which two different numbers would share", async () => {
    await assert.rejects(
      read("# varbench-events 1\nB 99999999999999999999 7 5 f\n"),
      refusal(/at byte 20: line 2: pid 99999999999999999999 or tid 7 is not below 2\^53/),
    );
  });
});

describe("uftrace reader bounds", () => {
  const recording = (name: string) => {
    const dir = join(FIXTURES, "uftrace", "0.13", name);
    return new Map<string, Uint8Array>(
      readdirSync(dir)
        .filter((f) => statSync(join(dir, f)).isFile())
        .map((f) => [f, new Uint8Array(readFileSync(join(dir, f)))]),
    );
  };
  const read = async (
    name: string,
    files: Map<string, Uint8Array>,
    sinkOf: (b: CctBuilder) => TraceSink = (b) => b,
  ): Promise<Cct> => {
    const b = new CctBuilder();
    await readUftrace(memoryDirectory(name, files, 1 << 20), sinkOf(b));
    return b.finish();
  };
  const edit = (bytes: Uint8Array, from: string, to: string) => {
    const text = Buffer.from(bytes).toString("latin1");
    assert.ok(text.includes(from), from);
    return new Uint8Array(Buffer.from(text.replace(from, to), "latin1"));
  };

  it("refuses an argument spec whose function pattern is no regular expression, at its line in info (it was a SyntaxError)", async () => {
    const files = recording("frame_loop_args");
    files.set("info", edit(files.get("info")!, "argspec:decode_frame@", "argspec:decode_(frame@"));
    await assert.rejects(
      read("args", files),
      refusal(
        /^args\/info: at byte 877: argument spec "decode_\(frame@arg1,arg2": its function pattern is not a regular expression/,
      ),
    );
  });

  it("takes a .dbg line with no spec as no rule (it was a TypeError), and names the .dbg file and line of a spec it cannot read", async () => {
    const files = recording("frame_loop_args");
    const whole = await read("args", files);
    const dbg = files.get("frame_loop.dbg")!;
    files.set("frame_loop.dbg", edit(dbg, "A: @arg1\n", "A: @arg1\nA: -\n"));
    assertSameCct(await read("args", files), whole, 0);
    files.set("frame_loop.dbg", edit(dbg, "A: @arg1\n", "A: @arg1/t\n"));
    await assert.rejects(
      read("args", files),
      refusal(/^args\/frame_loop\.dbg: at byte 140: argument spec arg1\/t \(struct by value\) is not supported$/),
    );
  });

  it("a record more than 2^63 ns after the first: the reader's decoder and the kernel's give it the same time (they differed in sign)", async () => {
    const files = recording("nested_chain");
    const dat = files.get("5394.dat")!.slice();
    const exit = 11; // an exit record (of W, the innermost call)
    dat.fill(0xff, exit * 16 + 4, exit * 16 + 8); // the high word of its time
    files.set("5394.dat", dat);
    assertSameCct(await read("nested_chain", files, decodedSink), await read("nested_chain", files), 0);
  });

  it(
    "reads a session map line and a task.txt word a mebibyte long in linear time (their patterns backtracked for hours)",
    { timeout: 120_000 },
    async () => {
      const files = recording("nested_chain");
      const whole = await read("nested_chain", files);
      const append = (file: string, line: string) =>
        files.set(file, new Uint8Array([...files.get(file)!, ...Buffer.from(line)]));
      append("sid-3dde91306d16d51a.map", `7f0000000000-7f0000001000 r-xp 00000000 00:00 0 a${" ".repeat(2 ** 20)}x\n`);
      append("task.txt", `SESS ${"a".repeat(2 ** 20)}\n`);
      assertSameCct(await read("nested_chain", files), whole, 0);
    },
  );
});

describe("callgrind reader bounds", () => {
  const read = (text: string) => readCallgrind(memorySource("callgrind.out", text));

  it("keeps the names a jump's target defines (jfi=, jfn=): valgrind's --collect-jumps output was refused as using a name before defining it", async () => {
    const t = await read(
      "events: Ir\nfl=(1) a.c\nfn=(1) main\n0 3\njump=1 +2\njfi=(2) b.c\njfn=(2) helper\n+2 1\nfl=(2)\nfn=(2)\n0 5\n",
    );
    assert.deepEqual(
      t.functions.map((f) => [f.file, f.name, f.self]),
      [
        ["a.c", "main", [4]],
        ["b.c", "helper", [5]],
      ],
    );
  });

  it("refuses a mebibyte line, a cost or count that is not a whole number ≥ 0, and events changed under costs, naming the byte and the line (costs of -5 and totals of NaN were read)", async () => {
    await assert.rejects(
      read("x".repeat(2 ** 21)),
      refusal(/^callgrind\.out: at byte 0: line 1: longer than 1 Mi characters: not a callgrind line$/),
    );
    await assert.rejects(
      read("events: Ir\nfn=main\n0 -5\n"),
      refusal(/^callgrind\.out: at byte 19: line 3: bad cost "-5"$/),
    );
    await assert.rejects(read("events: Ir\nfn=main\n0 1.5\n"), refusal(/at byte 19: line 3: bad cost "1\.5"$/));
    await assert.rejects(read("events: Ir\ntotals: x\n"), refusal(/at byte 11: line 2: bad total "x"$/));
    await assert.rejects(
      read("events: Ir\nfn=main\ncfn=f\ncalls=1e29 0\n0 1\n"),
      refusal(/line 4: bad call count "1e29"$/),
    );
    await assert.rejects(
      read("fn=main\nevents: Ir\n"),
      refusal(/at byte 0: line 1: a function before the 'events:' line$/),
    );
    await assert.rejects(
      read("events: Ir\nfn=main\n0 1\nevents: Ir Dr\n"),
      refusal(/at byte 23: line 4: 'events:' changes to "Ir Dr" after costs were read$/),
    );
  });
});

describe("gcov reader bounds", () => {
  it("refuses documents of the wrong shape, naming the document's byte offset and the field (they were TypeErrors, plain Errors, or counts of NaN and -1)", () => {
    const good = readFileSync(join(FIXTURES, "gcov", "12.2", "two_programs.json"), "utf8").split("\n")[0];
    assert.throws(
      () => readGcovJson("null", "gcov"),
      refusal(/^gcov: at byte 0: document 1 is not gcov JSON: the document: /),
    );
    assert.throws(
      () => readGcovJson('{"files": 3}', "gcov"),
      refusal(/^gcov: at byte 0: document 1 is not gcov JSON: files: /),
    );
    const negative =
      '{"files":[{"file":"a.c","functions":[{"name":"f","start_line":1,"end_line":2,"execution_count":-1}]}]}';
    assert.throws(
      () => readGcovJson(`${good}\n${negative}\n`, "gcov"),
      refusal(
        new RegExp(
          `^gcov: at byte ${Buffer.byteLength(good) + 1}: document 2 is not gcov JSON: files\\[0\\]\\.functions\\[0\\]\\.execution_count: `,
        ),
      ),
    );
    assert.throws(() => readGcovJson(`${good}\n{`, "gcov"), refusal(/document 2 is not gcov JSON \(/));
  });
});
