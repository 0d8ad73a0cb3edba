// The Chrome reader's fast pass against what it stands in for: numbers read a
// word at a time (plainBytes.ts) as JSON.parse reads them, alone or after
// others (numberMemo.ts), names known where they stand (NameTable.guess), and
// uftrace's layout read by the reader composed for it (layoutReaders.ts) into
// the tree the general parser builds from the same events.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { readChromeTrace } from "../../engine/trace/chrome/readChromeTrace.js";
import { NUMBER_ROOM, number, readNumber } from "../../engine/trace/chrome/plainBytes.js";
import { NumberMemo } from "../../engine/trace/chrome/numberMemo.js";
import { NameTable } from "../../engine/trace/chrome/nameTable.js";
import { seededRandom } from "../../engine/stats/random.js";
import type { Cct } from "../../engine/cct/cct.js";
import { memorySource } from "../helpers/memorySource.js";
import { assertSameCct } from "../helpers/cctCompare.js";

const random = seededRandom(17);
const int = (n: number) => Math.floor(random() * n);
const digits = (n: number) => Array.from({ length: n }, () => int(10)).join("");

/** The text in a chunk as the readers see it: followed by a comma and room to read words in. */
function chunkOf(text: string): { c: Uint8Array; dv: DataView; len: number } {
  const c = new TextEncoder().encode(`${text},"pid":1}${" ".repeat(NUMBER_ROOM)}`);
  return { c, dv: new DataView(c.buffer), len: c.length };
}

/** A JSON number of any shape the fast pass takes or refuses: signs, leading zeros, long and short digit runs. */
function numberText(): string {
  const whole = [() => "0", () => String(1 + int(9)) + digits(int(20)), () => String(1 + int(9)) + digits(7 + int(5))][
    int(3)
  ]();
  const fraction = random() < 0.3 ? "" : `.${digits(1 + int(9))}`;
  return `${random() < 0.1 ? "-" : ""}${whole}${fraction}`;
}

const EDGES = [
  "0",
  "-0",
  "-0.0001",
  "0.0005",
  "1.5",
  "0.001",
  "9007199254740993",
  "8893982843074.964",
  "590362786247.08749650",
  "-590362786247.0875",
  "1125899906842.623",
  "1125899906842.624",
  "1125899906842624",
  "99999999.999",
  "100000000.000",
  "11506970250.612",
  "123456789012345",
  "1234567890123456",
  "12345678.9",
  "12345678",
];
const REFUSED = ["01", "-", "1.", "1e3", "2.5E-1", "-x", "00.5"];

/**
 * A time's whole nanoseconds as the readers give them: from its digits, rounded half away from zero,
 * where it has more than 15 digits and lies below 2^53 ns (a double × 1000 would be rounded twice
 * there: exactTime.ts); else Math.round of JSON.parse's double × 1000.
 */
function timeNs(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (m && (m[2] + (m[3] ?? "")).length > 15) {
    const fraction = (m[3] ?? "").padEnd(4, "0");
    const ns = BigInt(m[2]) * 1000n + BigInt(fraction.slice(0, 3)) + (Number(fraction[3]) >= 5 ? 1n : 0n);
    if (ns <= BigInt(Number.MAX_SAFE_INTEGER)) return m[1] === "-" ? -Number(ns) : Number(ns);
  }
  return Math.round(JSON.parse(text) * 1000);
}

describe("Chrome fast pass: numbers as JSON.parse reads them", () => {
  it("readNumber gives JSON.parse's double, and for a time its whole nanoseconds (timeNs)", () => {
    for (const text of [...EDGES, ...Array.from({ length: 3000 }, numberText)]) {
      const { c, dv, len } = chunkOf(text);
      assert.equal(readNumber(c, dv, 0, len, false), text.length, text);
      assert.ok(Object.is(number[0], JSON.parse(text)), `${text}: ${number[0]}`);
      assert.equal(readNumber(c, dv, 0, len, true), text.length, text);
      assert.ok(Object.is(number[0], timeNs(text)), `${text} as ns: ${number[0]}`);
    }
  });

  it("refuses what JSON does not allow, and exponents (the general parser reads those)", () => {
    for (const text of REFUSED) {
      const { c, dv, len } = chunkOf(text);
      assert.equal(readNumber(c, dv, 0, len, false), -1, text);
    }
  });

  it("a memo answers as readNumber does, whatever number came before", () => {
    // Times (in ns) from where their microseconds have 8 digits and from uftrace's 11, in small and large steps.
    for (const [ns, start] of [
      [true, 99_999_990_000],
      [true, 11_506_970_250_612],
      [false, 99_999_990_000],
    ] as const) {
      const memo = new NumberMemo(ns);
      // Runs of close timestamps (shared leading digits, crossing digit counts), ids, and anything;
      // first, numbers whose first eight bytes are another's: the byte after them decides.
      const alike = [
        "12345678",
        "123456789",
        "12345678",
        "12345678.5",
        "1234567",
        "12345670",
        "8268",
        "82680",
        "8268",
        "-1234567",
        "-12345678",
      ]
        // and times whose microseconds differ in the first eight digits only.
        .concat([
          "11506970255.129",
          "11506970255.169",
          "11506971255.130",
          "11506971255.131",
          "11506971255.1",
          "11506971255.1314",
        ]);
      let t = start + int(10_000);
      for (let k = 0; k < 5000 + alike.length; k++) {
        t += int(k % 500 === 0 ? 1e12 : k % 3 === 0 ? 3000 : 300);
        const us = `${Math.floor(t / 1000)}.${String(t % 1000).padStart(3, "0")}`;
        const text =
          k < alike.length
            ? alike[k]
            : [us, us, String(8268), String(1 + int(40)), numberText(), `${Math.floor(t / 1000)}.${int(10)}`][int(6)];
        const { c, dv, len } = chunkOf(text);
        const w0 = dv.getInt32(0, true);
        const w1 = dv.getInt32(4, true);
        let end = ns ? memo.timeTail(c, dv, 0, w0, w1) : -1;
        if (end < 0) {
          end = memo.knownEnd(w0, w1, 0);
          if (end >= 0) number[0] = memo.value;
        }
        if (end < 0) end = memo.readNew(c, dv, 0, len, w0, w1);
        const got = number[0];
        assert.equal(end, readNumber(c, dv, 0, len, ns), text);
        assert.ok(Object.is(got, number[0]), `${text} after the memo: ${got}, alone: ${number[0]}`);
      }
    }
  });
});

describe("Chrome fast pass: names known where they stand", () => {
  it("guess() answers only a remembered name followed by its closing quote", () => {
    const names = new NameTable();
    const at = (text: string) => {
      const { c, dv, len } = chunkOf(`"${text}`);
      return { c, dv, len, s: 1 };
    };
    const known = ["idct_block", "idct", "i", "", "a_name_longer_than_the_eight_bytes_of_the_key", "é"];
    for (const name of known) {
      const { c, dv, len, s } = at(`${name}"}`);
      const end = s + new TextEncoder().encode(name).length;
      assert.equal(names.guess(c, dv, s, len), -1, `${name}: not yet known`);
      assert.equal(names.find(c, dv, s, end), -1);
      const entry = names.add(c, s, end, name);
      names.remember(dv.getInt32(s, true), dv.getInt32(s + 4, true), entry);
      assert.equal(names.guess(c, dv, s, len), entry, `${name}: remembered`);
    }
    for (const other of [
      'idct_blocks"}',
      'idc"}',
      'idct_block\\"x"}',
      'a_name_longer_than_the_eight_bytes_of_the_kez"}',
      // The first eight bytes the same, a byte after them different: at the end, in the middle, just past them.
      'idct_blocx"}',
      'a_name_longer_than_the_eiXht_bytes_of_the_key"}',
      'a_name_lXnger_than_the_eight_bytes_of_the_key"}',
      'ii"}',
    ]) {
      const { c, dv, len, s } = at(other);
      assert.equal(names.guess(c, dv, s, len), -1, other);
    }
    // An entry remembered under another name's first words (as two names whose words fall in one set are):
    // guess() checks every byte, the first eight too.
    const first = at('abcdefgh_tail"}');
    assert.equal(names.find(first.c, first.dv, 1, 14), -1);
    const entry = names.add(first.c, 1, 14, "abcdefgh_tail");
    for (const other of ['zbcdefgh_tail"}', 'abcdefgz_tail"}']) {
      const { c, dv, len, s } = at(other);
      names.remember(dv.getInt32(s, true), dv.getInt32(s + 4, true), entry);
      assert.equal(names.guess(c, dv, s, len), -1, other);
    }
  });
});

async function read(text: string, chunk: number): Promise<Cct> {
  const b = new CctBuilder();
  await readChromeTrace(memorySource("t.json", text, chunk), b);
  return b.finish();
}

interface Call {
  readonly ph: "B" | "E";
  readonly tsNs: number;
  readonly tid: number;
  readonly name: string;
}

/** Nested calls of two threads, interleaved, at times of uftrace's magnitude that cross digit counts. */
function calls(): Call[] {
  const names = ["main", "idct_block", "idct", "f", "motion_compensate", 'a"quoted', "é∑", "x".repeat(70)];
  const out: Call[] = [];
  for (const tid of [100, 101]) {
    let t = 99_999_999_000 - int(5000);
    const stack: string[] = [];
    for (let k = 0; k < 3000; k++) {
      t += 1 + int(k % 700 === 0 ? 2e9 : 300);
      if (stack.length > 0 && (random() < 0.5 || stack.length > 12))
        out.push({ ph: "E", tsNs: t, tid, name: stack.pop()! });
      else {
        const name = names[int(names.length)];
        stack.push(name);
        out.push({ ph: "B", tsNs: t, tid, name });
      }
    }
    while (stack.length > 0) out.push({ ph: "E", tsNs: (t += 7), tid, name: stack.pop()! });
  }
  return out.sort((a, b) => a.tsNs - b.tsNs);
}

const microseconds = (ns: number) => `${Math.floor(ns / 1000)}.${String(ns % 1000).padStart(3, "0")}`;

describe("Chrome fast pass: uftrace's layout", () => {
  it("builds the tree the general parser builds from the same events, in chunks of any size", async () => {
    const events = calls();
    // uftrace writes "tid" only for threads other than the process's own (pid 100).
    const uftrace = events.map(
      (e) =>
        `{"ts":${microseconds(e.tsNs)},"ph":"${e.ph}","pid":100,${e.tid === 100 ? "" : `"tid":${e.tid},`}"name":${JSON.stringify(e.name)}}`,
    );
    // The same events with a nested member, which sends each to the general parser.
    const general = events.map(
      (e) =>
        `{"ts":${microseconds(e.tsNs)},"ph":"${e.ph}","pid":100,"tid":${e.tid},"name":${JSON.stringify(e.name)},"args":{"n":[1]}}`,
    );
    const want = await read(`[${general.join(",")}]`, 1 << 20);
    for (const chunk of [61, 4099, 1 << 20]) {
      const got = await read(`{"traceEvents":[\n${uftrace.join(",\n")}\n]}`, chunk);
      assertSameCct(got, want, 0);
      assert.deepEqual(got.functions, want.functions);
      assert.deepEqual(
        got.threads.map((t) => [t.pid, t.tid]),
        want.threads.map((t) => [t.pid, t.tid]),
      );
      assert.deepEqual(got.warnings, want.warnings);
    }
  });

  it("a repeated name: the last counts, also when the first is one already known", async () => {
    // The first two events make "known" a name the table knows where the first "name" stands.
    const second = (k: number) => (k < 2 ? "known" : k % 4 < 2 ? "a" : "b");
    const events = Array.from(
      { length: 40 },
      (_, k) => `{"ph":"${k % 2 ? "E" : "B"}","name":"known","name":"${second(k)}","pid":1,"tid":1,"ts":${k}}`,
    );
    const cct = await read(`[${events.join(",")}]`, 1 << 20);
    assert.deepEqual(cct.functions, ["known", "b", "a"]);
  });
});
