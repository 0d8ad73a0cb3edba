// A seeded fuzz of the Chrome reader (issue 17's probe, Chrome part): random
// valid traces — threads, nesting, B/E and X, metadata, instants, E events
// without their B, members in any order with any whitespace, names escaped
// every way, numbers in every form — read in chunks of every size must build
// the tree a plain reference builds from JSON.parse of the whole file; and
// the same traces mutated, cut short, or replaced by garbage must end in a
// TraceError or warnings, never in another exception.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { readChromeTrace } from "../../engine/trace/chrome/readChromeTrace.js";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { seededRandom } from "../../engine/stats/random.js";
import type { Cct } from "../../engine/cct/cct.js";
import { memorySource } from "../helpers/memorySource.js";
import { assertSameCct } from "../helpers/cctCompare.js";

const random = seededRandom(2024);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
const chance = (p: number) => random() < p;
function shuffle<T>(xs: T[]): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
}

const NAMES = [
  "main",
  "f",
  "g",
  "h",
  'quote " back \\ slash',
  "é ü",
  "😀",
  "\ud800 lone",
  "tab\tnew\nline",
  "}],{[",
  "",
];
const CHUNKS = [1, 2, 3, 7, 16, 61, 1 << 20];

// ---- generating traces --------------------------------------------------

interface Ev {
  readonly ph: string;
  readonly name?: string | number;
  readonly tsNs?: number;
  readonly durNs?: number;
  readonly pid?: number | string;
  readonly tid?: number | string;
  readonly args?: unknown;
}

/** One thread's calls as B/E events (times non-decreasing), as X events in any order, or both mixed
 * as Chrome writes them (each call a B/E pair or an X written where it begins). */
function threadEvents(
  pid: number | string | undefined,
  tid: number | string | undefined,
  kind: "B/E" | "X" | "mixed",
): Ev[] {
  const out: Ev[] = [];
  let t = int(5000);
  const call = (depth: number) => {
    const complete = kind === "X" || (kind === "mixed" && chance(0.5));
    const name = pick(NAMES);
    const start = t;
    const at = out.length;
    if (!complete) out.push({ ph: "B", name, tsNs: t, pid, tid });
    t += int(40);
    for (let k = depth < 4 ? int(4) : 0; k > 0; k--) call(depth + 1);
    t += int(40);
    if (complete) out.splice(at, 0, { ph: "X", name, tsNs: start, durNs: t - start, pid, tid });
    else out.push({ ph: "E", ...(chance(0.7) ? { name } : {}), tsNs: t, pid, tid });
    // Now and then an E whose B is not open (or not yet written), at the same time.
    if (kind !== "X" && chance(0.1)) out.push({ ph: "E", name: pick(NAMES) + "?", tsNs: t, pid, tid });
  };
  for (let k = 1 + int(3); k > 0; k--) call(0);
  if (kind === "X") shuffle(out);
  return out;
}

/** Threads' events interleaved at random, each thread's order kept, with metadata, instants and counters among them. */
function traceEvents(): Ev[] {
  const ids: (number | string | undefined)[] = [1, 2, 77, -3, 1.5, "7", undefined];
  const threads = Array.from({ length: 1 + int(3) }, () => {
    const pid = pick(ids);
    const tid = pick(ids);
    return threadEvents(pid, tid, pick(["B/E", "B/E", "X", "mixed"] as const));
  });
  const events: Ev[] = [];
  for (const evs of threads)
    if (chance(0.5) && evs.length > 0)
      events.push({ ph: "M", name: "thread_name", pid: evs[0].pid, tid: evs[0].tid, args: { name: pick(NAMES) } });
  const at = threads.map(() => 0);
  for (;;) {
    const live = threads.map((_, k) => k).filter((k) => at[k] < threads[k].length);
    if (live.length === 0) break;
    const k = pick(live);
    events.push(threads[k][at[k]++]);
    if (chance(0.05))
      events.push({
        ph: pick(["i", "C", "b", "e", "s"]),
        name: pick(NAMES),
        tsNs: int(9000),
        pid: 1,
        args: { v: int(9) },
      });
  }
  return events;
}

/** Set for a trace written as tools write theirs: every event compact, its members in one order, with
 * now and then one that is not (the reader's layout readers take the first kind, its general pass the rest). */
let regular: { readonly order: readonly string[] } | null = null;
/** Whether to write something the unusual way: always in a wild trace, rarely in a regular one. */
const unusual = () => regular === null || chance(0.03);

const space = () => (!unusual() || chance(0.8) ? "" : pick([" ", "\n", "\t", "\r\n ", "  "]));

/** A string as JSON: as JSON.stringify writes it, or with some or all of its characters as \u escapes. */
function stringJson(s: string): string {
  if (!unusual() || chance(0.5)) return JSON.stringify(s);
  const all = chance(0.5);
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    const must = u < 0x20 || u === 0x22 || u === 0x5c || (u >= 0xd800 && u <= 0xdfff);
    const hex = u.toString(16).padStart(4, "0");
    out += must || all || chance(0.3) ? `\\u${chance(0.5) ? hex : hex.toUpperCase()}` : s[i];
  }
  return `${out}"`;
}

/** Whole nanoseconds as microseconds, in one of the forms JSON allows for the same decimal value. */
function microsecondsJson(ns: number): string {
  const digits = String(ns);
  const whole = digits.length > 3 ? digits.slice(0, -3) : "0";
  const fraction = digits.padStart(3, "0").slice(-3);
  if (!unusual()) return `${whole}.${fraction}`;
  return pick([
    `${whole}.${fraction}`,
    `${ns}e-3`,
    `${ns}E-3`,
    `${ns * 10}e-4`,
    `${whole}.${fraction}000`,
    `${ns * 10}E-4`,
    `${Number(`${whole}.${fraction}`)}`,
  ]);
}

/** Some other member, of any shape, to be skipped. */
function extraMember(): string {
  const values = [
    '"x"',
    "12",
    "-0.5e-3",
    "true",
    "null",
    "[]",
    "{}",
    `{"a":[1,{"b":"}]\\"["}],"name":${stringJson(pick(NAMES))}}`,
    `[[[{"ph":"B"}]]]`,
  ];
  return `${stringJson(pick(["cat", "id", "tts", "bp", "s", "args2", "name_", "p"]))}${space()}:${space()}${pick(values)}`;
}

function eventJson(e: Ev): string {
  const members: [string, string][] = [];
  const member = (k: string, v: string) =>
    members.push([
      k,
      `${space()}${unusual() && chance(0.1) ? stringJson(k) : JSON.stringify(k)}${space()}:${space()}${v}${space()}`,
    ]);
  member("ph", stringJson(e.ph));
  if (e.name !== undefined) member("name", typeof e.name === "string" ? stringJson(e.name) : String(e.name));
  if (e.tsNs !== undefined) member("ts", microsecondsJson(e.tsNs));
  if (e.durNs !== undefined) member("dur", microsecondsJson(e.durNs));
  if (e.pid !== undefined) member("pid", JSON.stringify(e.pid));
  if (e.tid !== undefined) member("tid", JSON.stringify(e.tid));
  if (e.args !== undefined) member("args", JSON.stringify(e.args));
  if (unusual()) for (let k = int(3); k > 0; k--) members.push(["", extraMember()]);
  if (regular && !unusual()) members.sort(([a], [b]) => regular!.order.indexOf(a) - regular!.order.indexOf(b));
  else shuffle(members);
  return `{${members.map(([, text]) => text).join(",")}}`;
}

/** A trace's text, and the same as complete JSON for the reference (the array form may lack its `]`). */
function traceJson(events: readonly Ev[]): { text: string; json: string } {
  const order = ["ph", "name", "ts", "dur", "pid", "tid", "args"];
  shuffle(order);
  regular = chance(0.5) ? { order } : null;
  const body = events.map((e) => `${space()}${eventJson(e)}${space()}`).join(",");
  if (chance(0.5)) {
    const text = `${space()}{"otherData":{"traceEvents":[{"ph":"B","name":"decoy","ts":0}]},${space()}"traceEvents"${space()}:${space()}[${body}],"displayTimeUnit":"ns","metadata":{"k":"]}"}}${space()}`;
    return { text, json: text };
  }
  const json = `[${body}]`;
  return { text: pick([json, `[${body}`, `[${body},`, `[${body},\n`]), json };
}

// ---- the reference ------------------------------------------------------

/** A call whose start and end are known: an X event, or on a thread of both kinds a B/E call once held. */
interface Known {
  readonly start: number;
  readonly dur: number;
  readonly fn: number;
  /** Its place among the thread's beginnings, the last tie-break. */
  readonly began: number;
}

interface RefThread {
  readonly pid: number;
  readonly tid: number;
  readonly name?: string;
  /** B/E events entered as they come, until the thread has both kinds. */
  readonly calls: ["B" | "E", number, number][];
  /** B calls entered and still open. */
  readonly open: number[];
  hadBeginEnd: boolean;
  /** The time of its last B or matched E event (an earlier one is taken at this time). */
  lastNs: number;
  /** X events while it has no B/E event. */
  complete: Known[];
  /** From the first X after a B/E event, or the first B/E after an X event: everything held. */
  mixed: {
    held: Known[];
    heldOpen: { fn: number; start: number; began: number }[];
    outer: { fn: number; ns: number }[];
    switchNs: number;
    began: number;
    last: number;
  } | null;
}

/** The tree as the reader should build it, from JSON.parse of the whole file, written as plainly as it can be. */
function reference(json: string): { cct: Cct; unmatched: number } {
  const doc = JSON.parse(json) as unknown;
  const events = (Array.isArray(doc) ? doc : (doc as { traceEvents: unknown[] }).traceEvents) as Record<
    string,
    unknown
  >[];
  const builder = new CctBuilder();
  const threads = new Map<string, RefThread>();
  const threadNames = new Map<string, string>();
  let base: number | undefined;
  let unmatched = 0;
  for (const e of events) {
    const pid = typeof e.pid === "number" ? e.pid : 0;
    const tid = typeof e.tid === "number" ? e.tid : pid;
    const key = `${pid}/${tid}`;
    if (e.ph === "M") {
      const args = e.args as { name?: unknown } | undefined;
      if (e.name === "thread_name" && typeof args?.name === "string") threadNames.set(key, args.name);
      continue;
    }
    if (e.ph !== "B" && e.ph !== "E" && e.ph !== "X") continue;
    let t = threads.get(key);
    if (!t) {
      const name = threadNames.get(key);
      t = {
        pid,
        tid,
        ...(name ? { name } : {}),
        calls: [],
        open: [],
        hadBeginEnd: false,
        lastNs: -Infinity,
        complete: [],
        mixed: null,
      };
      threads.set(key, t);
    }
    const ns = Math.round((e.ts as number) * 1000);
    base ??= ns;
    const time = ns - base;
    if ((e.ph === "B" || e.ph === "E") && !t.hadBeginEnd) {
      t.hadBeginEnd = true;
      if (t.complete.length > 0) {
        t.mixed = {
          held: t.complete,
          heldOpen: [],
          outer: [],
          switchNs: -Infinity,
          began: t.complete.length,
          last: Math.max(...t.complete.map((c) => c.start + c.dur)),
        };
        t.complete = [];
      }
    }
    const m = t.mixed;
    const inOrder = () => (t.lastNs = Math.max(t.lastNs, time));
    if (e.ph === "B") {
      const fn = builder.functionId(e.name as string);
      const at = inOrder();
      if (m) {
        m.heldOpen.push({ fn, start: at, began: m.began++ });
        m.last = Math.max(m.last, at);
      } else {
        t.open.push(fn);
        t.calls.push(["B", fn, at]);
      }
    } else if (e.ph === "E") {
      const innermost = m && m.heldOpen.length > 0 ? m.heldOpen[m.heldOpen.length - 1].fn : t.open[t.open.length - 1];
      const fn = typeof e.name === "string" ? builder.functionId(e.name) : innermost;
      const held = m !== null && m.heldOpen.some((c) => c.fn === fn);
      if (fn === undefined || (!held && !t.open.includes(fn))) {
        unmatched++;
        continue;
      }
      const at = inOrder();
      if (!m) {
        while (t.open.pop() !== fn);
        t.calls.push(["E", fn, at]);
        continue;
      }
      m.last = Math.max(m.last, at);
      for (;;) {
        const c = m.heldOpen.pop();
        if (!c) break;
        m.held.push({ start: c.start, dur: at - c.start, fn: c.fn, began: c.began });
        if (held && c.fn === fn) break;
      }
      if (!held) {
        for (;;) {
          const f = t.open.pop()!;
          m.outer.push({ fn: f, ns: at });
          if (f === fn) break;
        }
      }
    } else {
      const fn = builder.functionId(e.name as string);
      let start = time;
      let dur = Math.round((e.dur as number) * 1000);
      if (!t.hadBeginEnd) {
        t.complete.push({ start, dur, fn, began: t.complete.length });
        continue;
      }
      const mx = (t.mixed ??= { held: [], heldOpen: [], outer: [], switchNs: t.lastNs, began: 0, last: t.lastNs });
      if (start < mx.switchNs) {
        if (start + dur <= mx.switchNs) continue; // ended before the B/E events already read: left out
        dur = start + dur - mx.switchNs;
        start = mx.switchNs;
      }
      mx.held.push({ start, dur, fn, began: mx.began++ });
      mx.last = Math.max(mx.last, start + dur);
    }
  }
  for (const t of threads.values()) {
    const batch = new EventBatch(builder.thread({ pid: t.pid, tid: t.tid, ...(t.name ? { name: t.name } : {}) }));
    for (const [kind, fn, time] of t.calls) kind === "B" ? batch.enter(fn, time) : batch.exit(fn, time);
    if (t.mixed) {
      const m = t.mixed;
      for (let c = m.heldOpen.pop(); c; c = m.heldOpen.pop())
        m.held.push({ start: c.start, dur: m.last - c.start, fn: c.fn, began: c.began });
      nest(m.held, m.outer, batch);
    } else nest(t.complete, [], batch);
    batch.flush();
  }
  return { cct: builder.finish(), unmatched };
}

/** Known calls by start, the longer first, then as they began; each nested in the last that has not
 * ended, or else in the next outer call to end, and cut at its end; outer calls end once nothing here is open. */
function nest(calls: Known[], outer: { fn: number; ns: number }[], batch: EventBatch): void {
  const ends: { end: number; fn: number }[] = [];
  let next = 0;
  const closeBy = (s: number) => {
    for (;;) {
      if (ends.length > 0 && ends[ends.length - 1].end <= s) {
        const done = ends.pop()!;
        batch.exit(done.fn, done.end);
      } else if (ends.length === 0 && next < outer.length && outer[next].ns <= s) {
        batch.exit(outer[next].fn, outer[next].ns);
        next++;
      } else return;
    }
  };
  for (const x of [...calls].sort((a, b) => a.start - b.start || b.dur - a.dur || a.began - b.began)) {
    closeBy(x.start);
    const parentEnd = ends.length > 0 ? ends[ends.length - 1].end : next < outer.length ? outer[next].ns : Infinity;
    batch.enter(x.fn, x.start);
    ends.push({ end: Math.min(x.start + x.dur, parentEnd), fn: x.fn });
  }
  closeBy(Infinity);
}

async function read(text: string | Uint8Array, chunk: number): Promise<Cct> {
  const b = new CctBuilder();
  await readChromeTrace(memorySource("fuzz.json", text, chunk), b);
  return b.finish();
}

/** Reads input: a tree with warnings, or a TraceError; anything else fails the test, naming the input. */
async function readOrTraceError(input: Uint8Array, chunk: number): Promise<void> {
  try {
    await read(input, chunk);
  } catch (e) {
    if (e instanceof TraceError) return;
    const shown = new TextDecoder().decode(input.subarray(0, 300));
    assert.fail(`${(e as Error).stack}\non ${input.length} bytes in ${chunk}-byte chunks: ${JSON.stringify(shown)}`);
  }
}

// ---- the properties -----------------------------------------------------

const TRACES = 300;
const traces = Array.from({ length: TRACES }, () => traceJson(traceEvents()));

describe("Chrome reader fuzz (seed 2024)", () => {
  it(`${TRACES} random valid traces build the reference's tree, in chunks of every size`, async () => {
    let compared = 0;
    for (const { text, json } of traces) {
      const want = reference(json);
      if (want.cct.threads.length === 0) continue;
      for (const chunk of [pick(CHUNKS), 1 << 20]) {
        const got = await read(text, chunk);
        assertSameCct(got, want.cct, 0);
        assert.deepEqual(got.functions, want.cct.functions, text);
        assert.deepEqual(
          got.threads.map((t) => [t.pid, t.tid, t.name]),
          want.cct.threads.map((t) => [t.pid, t.tid, t.name]),
          text,
        );
        const skipped = got.warnings.find((w) => w.kind === "skipped-events" && w.reason.startsWith("E events"));
        assert.equal(skipped && "count" in skipped ? skipped.count : 0, want.unmatched, text);
        compared++;
      }
    }
    assert.ok(compared > TRACES, `only ${compared} reads compared`);
  });

  it("mutated, cut and garbage inputs end in a TraceError or warnings, never another exception", async () => {
    const significant = Array.from('{}[]",:\\ -.+eE0123456789tfnul\n', (c) => c.charCodeAt(0));
    for (let n = 0; n < 700; n++) {
      const bytes = [...new TextEncoder().encode(pick(traces).text)];
      for (let m = 1 + int(3); m > 0; m--) {
        const at = int(bytes.length + 1);
        const op = int(5);
        if (op === 0) bytes.splice(at, 1 + int(8));
        else if (op === 1) bytes.splice(at, 0, chance(0.7) ? pick(significant) : int(256));
        else if (op === 2) bytes[at] = chance(0.7) ? pick(significant) : int(256);
        else if (op === 3) bytes.length = at;
        else bytes.splice(at, 0, ...bytes.slice(int(bytes.length), int(bytes.length) + int(40)));
      }
      await readOrTraceError(Uint8Array.from(bytes), pick(CHUNKS));
    }
    for (let n = 0; n < 200; n++) {
      const garbage = Array.from({ length: int(200) }, () => (chance(0.6) ? pick(significant) : int(256)));
      if (chance(0.5)) garbage.unshift(pick([0x5b, 0x7b]));
      await readOrTraceError(Uint8Array.from(garbage), pick(CHUNKS));
    }
  });
});
