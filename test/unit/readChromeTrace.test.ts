// The Chrome reader's bounds and words (issue 17, items 2, 8 and 9, Chrome
// part): what it holds grows with the open calls and the threads' events, not
// with the depth searched or the threads named (its million-event and
// 5,000-thread cases are in test/stress/readerMemory.test.ts); what it drops
// it says, with where.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { readChromeTrace } from "../../engine/trace/chrome/readChromeTrace.js";
import { TraceError, describeTraceWarning } from "../../engine/trace/diagnostics.js";
import { memorySource } from "../helpers/memorySource.js";
import { rowsByPath } from "../helpers/cctCompare.js";

async function readCct(text: string, chunk = 1 << 20) {
  const b = new CctBuilder();
  await readChromeTrace(memorySource("t.json", text, chunk), b);
  return b.finish();
}

describe("Chrome reader: E events without their B (item 9)", () => {
  it("counts E events written before their B, and says where the first is", async () => {
    const cct = await readCct(
      '[{"ph":"E","name":"f","pid":1,"tid":1,"ts":1},{"ph":"E","pid":1,"tid":1,"ts":2},{"ph":"B","name":"f","pid":1,"tid":1,"ts":3},{"ph":"E","name":"g","pid":1,"tid":1,"ts":4},{"ph":"E","name":"f","pid":1,"tid":1,"ts":5}]',
    );
    assert.equal(rowsByPath(cct).get("f")?.inclusiveNs, 2000);
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      "t.json: 3 E events with no open B event (the first at byte 1; written before their B, or e.g. a pre-empted linux:schedule) were skipped",
    ]);
  });

  it("says so when an E is earlier in time than its B, and takes it at its B's time, instead of a silent empty tree", async () => {
    const text = '[{"ph":"B","name":"f","pid":1,"tid":1,"ts":9},{"ph":"E","name":"f","pid":1,"tid":1,"ts":4}]';
    const cct = await readCct(text);
    const f = rowsByPath(cct).get("f");
    assert.equal(f?.n, 1);
    assert.equal(f?.inclusiveNs, 0);
    assert.equal(
      cct.warnings.length,
      1,
      "the kernel sees no time going backwards: only the reader's warning, with its byte",
    );
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      `t.json: at byte ${text.indexOf('{"ph":"E"')}: 1 B/E event(s) earlier than the event before them in their thread; each is taken at the time of the event before it, so no call ends before it starts`,
    ]);
  });
});

describe("Chrome reader: a trace with no calls says why (probe of 2026-11-27)", () => {
  const cases: [string, string][] = [
    ["", "the file is empty"],
    [" \n\t", "the file holds only whitespace"],
    ['{"foo":1}', 'it is a JSON object with no "traceEvents" array, so not a Chrome trace'],
    ['[{"ph":"B","name":"f","pid":1,"ts":1', "it ends inside its first event, 35 bytes in"],
    ['{"traceEvents":[]}', "its events array is empty"],
    [
      '{"traceEvents":[1, "x"]}',
      "its events array holds 2 element(s), none of them an event object (the first at byte 16 begins with '1')",
    ],
    ['[{"ph":"i","name":"x","ts":1},{"ph":"C","name":"y","ts":2}]', "none of its 2 event(s) is a call (B, E or X)"],
  ];
  for (const [text, why] of cases) {
    it(why, async () => {
      for (const chunk of [1, 1 << 20]) {
        await assert.rejects(
          readCct(text, chunk),
          (e: TraceError) => e.message === `t.json: the trace holds no events: ${why}`,
        );
      }
    });
  }
});

describe("Chrome reader: times out of range (probe of 2026-11-27)", () => {
  it("refuses a ts or a dur past 2^63 ns with its byte, instead of an internal error later", async () => {
    const ts = '[{"ph":"B","name":"f","pid":1,"tid":1,"ts":1},{"ph":"E","name":"f","pid":1,"tid":1,"ts":1e306}]';
    await assert.rejects(
      readCct(ts),
      (e: TraceError) =>
        e.message ===
        `t.json: at byte ${ts.indexOf('{"ph":"E"')}: "ts" lies beyond 2^63 ns (292 years) from 0: not a time`,
    );
    const dur = '[{"ph":"X","name":"f","pid":1,"tid":1,"ts":1,"dur":1e306}]';
    await assert.rejects(
      readCct(dur),
      (e: TraceError) => e.message === 't.json: at byte 1: "dur" is beyond 2^63 ns (292 years): not a duration',
    );
  });

  it("reads microseconds since 1970 (PyTorch's profiler) to the nanosecond, in every read path", async () => {
    // 1.7e18 ns, where neighbouring doubles lie 256 ns apart: f lasts 253 ns, g 500 ns, h 1 ns (rounded at the 4th digit).
    const events = [
      '{"ph":"B","name":"f","pid":1,"tid":1,"ts":1692906291482117.250}',
      '{"ph":"E","name":"f","pid":1,"tid":1,"ts":1692906291482117.503}',
      '{"ph":"X","name":"g","pid":1,"tid":1,"ts":1692906291482118.0001,"dur":0.5}',
      '{"ph":"B","name":"h","pid":1,"tid":1,"ts":1692906291482119}',
      '{"ph":"E","name":"h","pid":1,"tid":1,"ts":1692906291482119.0006}',
    ];
    // Chunks of one byte go through the resumable parser; whole, through the layout readers; spaced, the general fast pass.
    for (const [text, chunk] of [
      [`[${events.join(",")}]`, 1],
      [`[${events.join(",")}]`, 1 << 20],
      [`[${events.map((e) => e.replace(/,/g, ", ")).join(",")}]`, 1 << 20],
    ] as const) {
      const cct = await readCct(text, chunk);
      const rows = rowsByPath(cct);
      assert.deepEqual(
        [rows.get("f")?.inclusiveNs, rows.get("g")?.inclusiveNs, rows.get("h")?.inclusiveNs],
        [253, 500, 1],
        `chunks of ${chunk}: ${text.slice(0, 40)}`,
      );
      assert.deepEqual(cct.warnings, []);
    }
  });

  it("says so when times past 2^53 ns are written with an exponent, where doubles no longer hold every nanosecond", async () => {
    const text =
      '[{"ph":"B","name":"f","pid":1,"tid":1,"ts":1.732680000123456e15},{"ph":"E","name":"f","pid":1,"tid":1,"ts":1.732680000123457e15}]';
    const cct = await readCct(text);
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      "t.json: at byte 1: 2 event time(s) lie more than 2^53 ns (104 days) from the trace's first time, or that far from 0 written with an exponent; such times are rounded (to 256 ns near 2^60 ns), so short calls among them are measured coarsely",
    ]);
  });

  it("reads times of 16 digits below 2^53 ns exactly too, where a double times 1000 is rounded twice (probe)", async () => {
    // 8893982843074.964 µs as a double, times 1000, rounds to …965 ns: c lasted 964 ns, d 862.
    const events = [
      '{"ph":"B","name":"c","pid":1,"tid":1,"ts":8893982843074.000}',
      '{"ph":"E","name":"c","pid":1,"tid":1,"ts":8893982843074.964}',
      '{"ph":"B","name":"d","pid":1,"tid":1,"ts":8893982843075.000}',
      '{"ph":"E","name":"d","pid":1,"tid":1,"ts":8893982843075.862}',
    ];
    for (const chunk of [1, 1 << 20]) {
      const cct = await readCct(`[${events.join(",")}]`, chunk);
      const rows = rowsByPath(cct);
      assert.deepEqual([rows.get("c")?.inclusiveNs, rows.get("d")?.inclusiveNs], [964, 862], `chunks of ${chunk}`);
      assert.deepEqual(cct.warnings, []);
    }
  });

  it("says when a file mixes times near 0 with times since 1970: no double holds the distance between them (probe)", async () => {
    const near = ['{"ph":"B","name":"a","pid":1,"tid":1,"ts":5}', '{"ph":"E","name":"a","pid":1,"tid":1,"ts":6.5}'];
    const far = [
      '{"ph":"B","name":"f","pid":1,"tid":2,"ts":1692906291482117.250}',
      '{"ph":"E","name":"f","pid":1,"tid":2,"ts":1692906291482117.503}',
    ];
    // The calls of the first time's clock are exact; the other clock's two events are said.
    for (const [events, exact, name] of [
      [[...near, ...far], 1500, "a"],
      [[...far, ...near], 253, "f"],
    ] as const) {
      const text = `[${events.join(",")}]`;
      const cct = await readCct(text);
      assert.equal(rowsByPath(cct).get(name)?.inclusiveNs, exact);
      assert.deepEqual(cct.warnings.map(describeTraceWarning), [
        `t.json: at byte ${text.indexOf(events[2])}: 2 event time(s) lie more than 2^53 ns (104 days) from the trace's first time, or that far from 0 written with an exponent; such times are rounded (to 256 ns near 2^60 ns), so short calls among them are measured coarsely`,
      ]);
    }
  });
});

describe("Chrome reader: X events that overlap", () => {
  it("cuts one that outlasts the call it starts in at that call's end, and says so", async () => {
    // main 0–100 µs, a 10–60, b 40–90: b starts inside a and outlasts it.
    const cct = await readCct(
      '[{"ph":"X","name":"main","pid":1,"tid":1,"ts":0,"dur":100},{"ph":"X","name":"a","pid":1,"tid":1,"ts":10,"dur":50},{"ph":"X","name":"b","pid":1,"tid":1,"ts":40,"dur":50}]',
    );
    assert.equal(rowsByPath(cct).get("main>a>b")?.inclusiveNs, 20_000);
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      "t.json: 1 X event(s) of thread 1/1 that outlast the X event they start in (overlapping, not nested) were cut at its end; the time past it was skipped",
    ]);
  });
});

describe("Chrome reader: a thread of both B/E and X events (as Chrome writes them)", () => {
  const ev = (ph: string, name: string, ts: number, dur?: number) =>
    JSON.stringify({ ph, name, pid: 1, tid: 1, ts, ...(dur === undefined ? {} : { dur }) });
  const paths = (cct: Awaited<ReturnType<typeof readCct>>) =>
    new Map([...rowsByPath(cct)].map(([path, row]) => [path, row.inclusiveNs / 1000]));

  it("nests X events in the B/E calls open around them, and B/E calls in X events, by time", async () => {
    // main B/E 0–100 µs; a X 10–30; b B/E 40–60 holding c X 45–50; d X 70–90 holding e B/E 75–80.
    const events = [
      ev("B", "main", 0),
      ev("X", "a", 10, 20),
      ev("B", "b", 40),
      ev("X", "c", 45, 5),
      ev("E", "b", 60),
      ev("X", "d", 70, 20),
      ev("B", "e", 75),
      ev("E", "e", 80),
      ev("E", "main", 100),
    ];
    const cct = await readCct(`[${events.join(",")}]`);
    assert.deepEqual(
      paths(cct),
      new Map([
        ["main", 100],
        ["main>a", 20],
        ["main>b", 20],
        ["main>b>c", 5],
        ["main>d", 20],
        ["main>d>e", 5],
      ]),
    );
    assert.deepEqual(cct.warnings, []);
  });

  it("takes X events read before the thread's first B/E event into the same nesting", async () => {
    const events = [ev("X", "a", 0, 100), ev("B", "b", 10), ev("E", "b", 20), ev("X", "c", 30, 10)];
    assert.deepEqual(
      paths(await readCct(`[${events.join(",")}]`)),
      new Map([
        ["a", 100],
        ["a>b", 10],
        ["a>c", 10],
      ]),
    );
  });

  it("ends a B/E call open before the first X at its E, among the X events held since", async () => {
    // main B/E 0–50 holds a X 10–20; b X 60–70 comes after main's end: a root call, not main's child.
    const events = [ev("B", "main", 0), ev("X", "a", 10, 10), ev("E", "main", 50), ev("X", "b", 60, 10)];
    assert.deepEqual(
      paths(await readCct(`[${events.join(",")}]`)),
      new Map([
        ["main", 50],
        ["main>a", 10],
        ["b", 10],
      ]),
    );
  });

  it("says which X events start before B/E events already read, and which B calls were left open", async () => {
    // main B/E 0–50 was entered before x (X 20–60) was read: x is cut to 50–60. w (X 1–3) ended before 50:
    // left out, not a call of 0 ns (probe). m (B at 70) has no E.
    const events = [
      ev("B", "main", 0),
      ev("E", "main", 50),
      ev("X", "x", 20, 40),
      ev("X", "w", 1, 2),
      ev("B", "m", 70),
      ev("X", "y", 80, 20),
    ];
    const cct = await readCct(`[${events.join(",")}]`);
    assert.deepEqual(
      paths(cct),
      new Map([
        ["main", 50],
        ["x", 10],
        ["m", 30],
        ["m>y", 20],
      ]),
    );
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      "t.json: 2 X event(s) of thread 1/1 start before B/E events of that thread read earlier in the file, where they cannot be nested; each was cut to start at the last of those (left out if it ended before it), and the time before it skipped",
      "thread 1/1: 1 call(s) still open at the end of the trace were closed at its last time",
    ]);
  });
});

describe("Chrome reader: pid and tid as strings", () => {
  it("says that threads named by strings are not told apart, where the first is", async () => {
    const text =
      '[{"ph":"X","name":"f","pid":1,"tid":1,"ts":0,"dur":1},{"ph":"X","name":"g","pid":"gpu","tid":"io","ts":0,"dur":1}]';
    const cct = await readCct(text);
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      `t.json: at byte ${text.indexOf('{"ph":"X","name":"g"')}: 1 event(s) name their pid or tid by a string, not a number; such threads are not told apart: a string pid is read as 0, a string tid as the pid`,
    ]);
  });
});

describe("Chrome reader: memory (items 2 and 8)", () => {
  it("a trace that is one long string is refused at its first byte", async () => {
    await assert.rejects(
      readCct(`"${"a".repeat(1 << 20)}"`),
      /t\.json: at byte 0: expected '\[' or '\{' at the start of a Chrome trace, found '"'/,
    );
  });
});
