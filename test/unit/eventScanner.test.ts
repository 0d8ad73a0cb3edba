// The Chrome reader's byte scanner (trace/chrome/eventScanner.ts, eventParser.ts,
// plainEvent.ts) on hand-written inputs: every value read as JSON.parse reads
// it, in chunks of every size (which send events down the fast path or the
// resumable one), skipped members of any shape, the two top-level forms, and
// errors and warnings with their byte offsets.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { readChromeTrace } from "../../engine/trace/chrome/readChromeTrace.js";
import { describeTraceWarning, TraceError } from "../../engine/trace/diagnostics.js";
import { MAX_NAME_BYTES } from "../../engine/trace/chrome/chromeEvent.js";
import { MAX_EVENT_BYTES } from "../../engine/trace/chrome/eventScanner.js";
import type { Cct } from "../../engine/cct/cct.js";
import { memorySource } from "../helpers/memorySource.js";
import { assertSameCct, rowsByPath } from "../helpers/cctCompare.js";

async function read(text: string | Uint8Array, chunk = 1 << 20): Promise<Cct> {
  const b = new CctBuilder();
  await readChromeTrace(memorySource("t.json", text, chunk), b);
  return b.finish();
}

/** The same trace in chunks of 1 to 9 bytes and whole: one CCT, one set of warnings. */
async function readEveryWay(text: string): Promise<Cct> {
  const whole = await read(text);
  for (const chunk of [1, 2, 3, 5, 7, 9, 64]) {
    const cct = await read(text, chunk);
    assertSameCct(cct, whole, 0);
    assert.deepEqual(cct.functions, whole.functions, `functions in ${chunk}-byte chunks`);
    assert.deepEqual(cct.warnings, whole.warnings, `warnings in ${chunk}-byte chunks`);
  }
  return whole;
}

const warnings = (cct: Cct) => cct.warnings.map(describeTraceWarning);

describe("Chrome scanner: values as JSON.parse reads them", () => {
  it("names with escapes, \\u escapes, surrogate pairs, lone surrogates and raw UTF-8", async () => {
    const names = [
      'a"b',
      "back\\slash",
      "tab\there",
      "é ü ∑",
      "😀 pair",
      "\ud83d lone",
      "ctl\u0001",
      "/slash",
      "\uFEFFbom",
    ];
    // Each written both as JSON.stringify writes it and with every character escaped.
    const escapedAll = (s: string) =>
      Array.from({ length: s.length }, (_, i) => `\\u${s.charCodeAt(i).toString(16).padStart(4, "0")}`).join("");
    const events = names.flatMap((n, k) => [
      `{"ph":"B","pid":1,"tid":1,"ts":${2 * k},"name":${JSON.stringify(n)}}`,
      `{"ph":"E","pid":1,"tid":1,"ts":${2 * k + 1},"name":"${escapedAll(n)}"}`,
    ]);
    const cct = await readEveryWay(`[${events.join(",")}]`);
    assert.deepEqual(cct.functions, names);
    assert.deepEqual(warnings(cct), []);
    for (const n of names) assert.equal(rowsByPath(cct).get(n)?.n, 1, n);
  });

  it("timestamps and durations with fractions, exponents, signs and long digit strings: the nanoseconds of JSON.parse's double", async () => {
    const texts = [
      "0",
      "-0",
      "1",
      "1.5",
      "0.001",
      "1e3",
      "1E-3",
      "2.5e+2",
      "-1.25",
      "123456789.123",
      "1234567890123.456",
      "0.1000000000000000055511151231257827",
      "9007199254740993",
      "1.7976931348623157e-300",
      "7e-4",
    ];
    const ns = (t: string) => Math.round((JSON.parse(t) as number) * 1000);
    for (const t of texts) {
      const be = await readEveryWay(
        `[{"ph":"B","pid":1,"tid":1,"ts":-1e6,"name":"f"},{"ph":"E","pid":1,"tid":1,"ts":${t},"name":"f"}]`,
      );
      assert.ok(rowsByPath(be).get("f")?.inclusiveNs === ns(t) - ns("-1e6"), `ts ${t}`);
      if (ns(t) < 0 || Object.is(ns(t), -0)) continue;
      const x = await readEveryWay(`[{"ph":"X","pid":1,"tid":1,"ts":5,"dur":${t},"name":"f"}]`);
      assert.ok(rowsByPath(x).get("f")?.inclusiveNs === ns(t), `dur ${t}`);
    }
  });

  it("skips members of any shape, in any order, with whitespace anywhere", async () => {
    const plain = `[{"ph":"B","pid":3,"tid":4,"ts":1,"name":"f"},{"ph":"E","pid":3,"tid":4,"ts":3,"name":"f"}]`;
    const noisy = `
 [ { "cat" : "x" , "args" : { "a" : [ 1 , { "b" : null , "c" : [ ] } , "}\\"]" ] , "name" : 5 } ,
     "ph" : "B" , "pid" : 3 , "tid" : 4 , "ts" : 1 , "name" : "f" , "id" : true , "bp" : false , "s" : { } } ,
   {"ts":3,"name":"f","tid":4,"pid":3,"ph":"E","extra":[[[[]]]],"n":-1.5e-7}
 ]  `;
    assertSameCct(await readEveryWay(noisy), await read(plain), 0);
  });

  it("the last of repeated members counts, as in JSON.parse", async () => {
    const cct = await readEveryWay(
      `[{"ph":"X","name":"a","name":"b","ts":1,"ts":"x","ts":2,"dur":1,"pid":1,"tid":9,"tid":null,"ph":"i","ph":"X"}]`,
    );
    const t = cct.threads[0];
    assert.deepEqual([t.pid, t.tid, cct.functions], [1, 1, ["b"]]);
  });

  it("object form with decoys before and after, array form with no closing bracket and a trailing comma", async () => {
    const events = `{"ph":"B","pid":1,"tid":1,"ts":1,"name":"f"},{"ph":"E","pid":1,"tid":1,"ts":2,"name":"f"}`;
    const object = `{"metadata":{"traceEvents":[{"ph":"B","name":"decoy","ts":0}]},"x":"traceEvents","traceEvents":[${events}],"stackFrames":{"1":{"ph":"B","name":"decoy","ts":0}}}`;
    const array = `[${events},\n`;
    const a = await readEveryWay(object);
    assert.deepEqual(a.functions, ["f"]);
    assertSameCct(await readEveryWay(array), a, 0);
    assert.deepEqual(warnings(a), []);
  });

  it("pid and tid: numbers are threads, a string or missing one is pid 0 / the pid (as before)", async () => {
    const cct =
      await readEveryWay(`[{"ph":"M","name":"thread_name","pid":7,"tid":8,"args":{"x":{"name":"no"},"name":"worker"}},
      {"ph":"X","pid":7,"tid":8,"ts":1,"dur":1,"name":"w"},{"ph":"X","pid":7,"ts":1,"dur":1,"name":"main"},
      {"ph":"X","pid":"7","tid":"8","ts":1,"dur":1,"name":"s"}]`);
    assert.deepEqual(
      cct.threads.map((t) => [t.pid, t.tid, t.name ?? ""]),
      [
        [0, 0, ""],
        [7, 7, ""],
        [7, 8, "worker"],
      ],
    );
  });

  it("a UTF-8 byte order mark before the trace is skipped", async () => {
    const cct = await read(
      new Uint8Array([
        0xef,
        0xbb,
        0xbf,
        ...new TextEncoder().encode(`[{"ph":"X","pid":1,"tid":1,"ts":1,"dur":1,"name":"f"}]`),
      ]),
    );
    assert.deepEqual(cct.functions, ["f"]);
  });
});

describe("Chrome scanner: errors and warnings with byte offsets", () => {
  const rejects = (text: string, pattern: RegExp) =>
    Promise.all(
      [1, 3, 1 << 20].map((chunk) =>
        assert.rejects(read(text, chunk), (e: unknown) => e instanceof TraceError && pattern.test(e.message)),
      ),
    );

  it("names the event and the byte of a grammar error, in any chunking", async () => {
    await rejects(
      '[{"ph":"B","name":"a","ts":1},{"ph":"E" "ts":2}]',
      /at byte 30: event is not valid JSON \(at byte 40: expected ',' or '}', found '"'\)/,
    );
    await rejects(
      '[{"ph":"B","name":"a","ts":01}]',
      /at byte 1: event is not valid JSON \(at byte 28: a number with a leading zero/,
    );
    await rejects(
      '[{"ph":"B","name":"a\\x","ts":1}]',
      /at byte 1: event is not valid JSON \(at byte 21: an escape that JSON does not have, found 'x'/,
    );
    await rejects(
      '[{"ph":"B","name":"a\\u12G4","ts":1}]',
      /at byte 1: event is not valid JSON \(at byte 24: a \\u escape needs four hex digits, found 'G'/,
    );
    await rejects(
      '[{"ph":"B","name":"a\nb","ts":1}]',
      /at byte 1: event is not valid JSON \(at byte 20: a control character inside a string \(write it as an escape\), found byte 0x0a/,
    );
    await rejects(
      '[{"ph":"B","args":{"a":[1,]},"name":"a","ts":1}]',
      /at byte 1: event is not valid JSON \(at byte 26: expected a value, found '\]'\)/,
    );
    await rejects(
      '[{"ph":"B","name":"a","ts":1.}]',
      /at byte 1: event is not valid JSON \(at byte 29: a number that stops short/,
    );
    await rejects(
      '[{"ph":"B","name":"a","ts":tru}]',
      /at byte 1: event is not valid JSON \(at byte 30: expected true, false or null/,
    );
    await rejects(
      `[{"a":${"[".repeat(600)}]}]`,
      /at byte 1: event is not valid JSON \(at byte \d+: nested deeper than 512 levels/,
    );
    await rejects("hello", /at byte 0: expected '\[' or '\{' at the start of a Chrome trace, found 'h'/);
  });

  it("names the event that lacks what its phase needs", async () => {
    await rejects('[{"ph":"B","pid":1,"name":"a"}]', /at byte 1: event has no numeric "ts"/);
    await rejects('[{"ph":"B","pid":1,"ts":"1","name":"a"}]', /at byte 1: event has no numeric "ts"/);
    await rejects('[{"ph":"X","pid":1,"ts":1,"dur":-1,"name":"a"}]', /at byte 1: complete event has no valid "dur"/);
    await rejects('[{"ph":"X","pid":1,"ts":1,"dur":1e999,"name":"a"}]', /at byte 1: complete event has no valid "dur"/);
    await rejects('[{"ph":"B","pid":1,"ts":1,"name":5}]', /at byte 1: event has no "name"/);
    const bytes = new TextEncoder().encode('[{"ph":"B","pid":1,"ts":1,"name":"a?b"}]');
    bytes[bytes.indexOf(0x3f)] = 0xff;
    await assert.rejects(read(bytes), /at byte 1: event is not valid JSON \(a name that is not UTF-8\)/);
  });

  it("warns of an event cut off at the end, a file ending inside a string, and bytes after the trace", async () => {
    const one = '{"ph":"X","pid":1,"tid":1,"ts":1,"dur":1,"name":"f"}';
    const cut = await readEveryWay(`[${one},{"ph":"B","pi`);
    assert.deepEqual(warnings(cut), [
      `t.json: at byte ${one.length + 2}: the last event is cut off after 13 bytes and was left out`,
    ]);
    const inString = await readEveryWay(`{"traceEvents":[${one}],"metadata":{"v":"abc`);
    assert.match(warnings(inString)[0], /the file ends inside a string, after the last whole event/);
    const after = await readEveryWay(`[${one}]\n]garbage\n`);
    assert.deepEqual(warnings(after), [
      `t.json: at byte ${one.length + 3}: the trace ended before this byte; the 8 byte(s) after it were ignored`,
    ]);
  });

  it("skips elements of the events array that are no event objects, and says how many and where the first is (probe of 2026-11-27: accepted silently)", async () => {
    const b = '{"ph":"B","name":"f","pid":1,"tid":1,"ts":0}';
    const e = '{"ph":"E","pid":1,"tid":1,"ts":5}';
    const stray = await readEveryWay(`[${b}, garbage, ${e}]`);
    assert.equal(stray.events, 2);
    assert.deepEqual(warnings(stray), [
      `t.json: at byte ${b.length + 3}: 1 element(s) of the events array are not event objects (the first begins with 'g'); they were skipped`,
    ]);
    const values = `{"traceEvents":[${b},\n 42, [1, {"ph":"B"}], "s,t", null,${e}]}`;
    const typed = await readEveryWay(values);
    assert.equal(typed.events, 2, "the B inside an array is no element of the events array");
    assert.deepEqual(warnings(typed), [
      `t.json: at byte ${values.indexOf("42")}: 4 element(s) of the events array are not event objects (the first begins with '4'); they were skipped`,
    ]);
    assert.deepEqual(warnings(await readEveryWay(`[${b} , ${e} ]`)), [], "whitespace and commas are no elements");
  });

  it("refuses an event over 16 MiB without holding it, and cuts a name over 64 KiB with a warning", async () => {
    const huge = `[{"ph":"X","pid":1,"ts":1,"dur":1,"args":{"blob":"${"x".repeat(MAX_EVENT_BYTES + 10)}"},"name":"f"}]`;
    await assert.rejects(read(huge, 1 << 20), /at byte 1: an event of more than 16 MiB: no call event is that large/);
    const long = "é".repeat(MAX_NAME_BYTES); // two bytes each: twice the limit
    const cct = await read(
      `[{"ph":"X","pid":1,"tid":1,"ts":1,"dur":1,"name":"${long}"},{"ph":"X","pid":1,"tid":1,"ts":1,"dur":1,"name":"${long}x"}]`,
      4096,
    );
    assert.equal(cct.functions.length, 1, "both cut to the same name");
    assert.equal(cct.functions[0], `${"é".repeat(MAX_NAME_BYTES / 2)}…`);
    assert.deepEqual(warnings(cct), [
      't.json: at byte 1: 1 name(s) longer than 64 KiB were cut to their first 64 KiB, ending in "…"',
    ]);
  });
});
