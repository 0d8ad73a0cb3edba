// Callgrind output (`valgrind --tool=callgrind`) as a table of functions with
// exact self and inclusive event counts and call counts, reconstructed as
// docs/formats.md describes: self(f) = f's plain cost lines; inclusive(f) = self(f)
// + the costs of all of f's `calls=`; calls(f) = the counts of `calls=` into f.
// Checked against `callgrind_annotate` 3.19 on the project's recursion example:
// it does count a recursion level's calls to itself (`fib'2` → `fib'2`) in
// inclusive cost (docs/formats.md), so this does too; and it lists
// the self cost of inlined code (`fi=`/`fe=`) under the inlined file, where
// this table keeps one row per function. Streamed line by line.
import { TraceError } from "../diagnostics.js";
import type { ByteSource } from "../source.js";
import { utf8ByteLength } from "../utf8.js";

export interface CallgrindFunction {
  /** callgrind_annotate's key: `file:function [object]`. */
  readonly key: string;
  /** As callgrind names it: a deeper recursion level is `name'2`, … */
  readonly name: string;
  readonly file: string;
  readonly object: string;
  readonly self: readonly number[];
  readonly inclusive: readonly number[];
  readonly calls: number;
  /** The part of `inclusive` spent in its calls to itself (a recursion callgrind keeps as one function,
   * --separate-recs=1): counted again at every level, as callgrind_annotate counts it. Absent when none. */
  readonly selfCalls?: readonly number[];
}

export interface CallgrindTable {
  readonly command: string;
  readonly events: readonly string[];
  /** From the file's `totals:` (or `summary:`) line. */
  readonly totals: readonly number[];
  readonly functions: readonly CallgrindFunction[];
}

interface Fn {
  name: string;
  file: string;
  object: string;
  self: number[];
  callCosts: number[];
  selfCallCosts: number[] | null;
  calls: number;
}

export async function readCallgrind(source: ByteSource): Promise<CallgrindTable> {
  const decoder = new TextDecoder("utf-8");
  const p = new Parser(source.name);
  let carry = "";
  let offset = 0; // file offset of carry's first byte
  for await (const chunk of source.chunks()) {
    carry += decoder.decode(chunk, { stream: true });
    let from = 0;
    for (let nl = carry.indexOf("\n"); nl >= 0; nl = carry.indexOf("\n", from)) {
      const line = carry.slice(from, nl);
      p.line(line, offset);
      offset += utf8ByteLength(line) + 1;
      from = nl + 1;
    }
    carry = carry.slice(from);
    // A line names a function or lists costs: one this long is no callgrind line, and is refused rather than
    // held and scanned again at every chunk, which took time quadratic in its length.
    if (carry.length > MAX_LINE_CHARS)
      p.refuseLine(offset, `longer than ${MAX_LINE_CHARS >> 20} Mi characters: not a callgrind line`);
  }
  carry += decoder.decode();
  if (carry) p.line(carry, offset);
  return p.finish(offset + utf8ByteLength(carry));
}

/** Far past any callgrind line (a C++ name, a command line, a cost line of many events). */
const MAX_LINE_CHARS = 1 << 20;

class Parser {
  private lineNo = 0;
  /** File offset of the current line, for messages. */
  private lineOffset = 0;
  private events: string[] = [];
  private positions = 1;
  private totals: number[] | null = null;
  private command = "";
  private readonly names = {
    ob: new Map<string, string>(),
    fl: new Map<string, string>(),
    fn: new Map<string, string>(),
  };
  private ob = "";
  private fl = "";
  private current: Fn | null = null;
  private readonly fns = new Map<string, Fn>();
  private callee: { ob?: string; fl?: string; fn?: string } = {};
  /** Set by `calls=`: the next line holds the call's inclusive cost. */
  private pendingCall: { target: Fn; count: number } | null = null;

  constructor(private readonly file: string) {}

  line(raw: string, byteOffset: number): void {
    this.lineNo++;
    this.lineOffset = byteOffset;
    const line = raw.trimEnd();
    if (line === "" || line.startsWith("#")) return;
    if (this.pendingCall) return this.callCost(line);
    const eq = line.indexOf("=");
    const colon = line.indexOf(":");
    if (eq > 0 && /^[a-z]+$/.test(line.slice(0, eq))) return this.position(line.slice(0, eq), line.slice(eq + 1));
    if (colon > 0 && /^[a-z]+$/.test(line.slice(0, colon)))
      return this.header(line.slice(0, colon), line.slice(colon + 1).trim());
    if (/^[-+*0-9]/.test(line)) return this.cost(line);
    this.fail(`unexpected line ${JSON.stringify(line.slice(0, 60))}`);
  }

  /** Refuses the line that starts at `byteOffset` before it ends. */
  refuseLine(byteOffset: number, detail: string): never {
    this.lineNo++;
    this.lineOffset = byteOffset;
    this.fail(detail);
  }

  finish(endOffset: number): CallgrindTable {
    this.lineOffset = endOffset;
    if (this.events.length === 0) this.fail("no 'events:' line: not a callgrind file");
    const k = this.events.length;
    const functions = [...this.fns.values()].map((f) => ({
      key: `${f.file}:${f.name} [${f.object}]`,
      name: f.name,
      file: f.file,
      object: f.object,
      self: f.self,
      inclusive: f.self.map((s, i) => s + f.callCosts[i]),
      calls: f.calls,
      ...(f.selfCallCosts ? { selfCalls: f.selfCallCosts } : {}),
    }));
    return {
      command: this.command,
      events: this.events,
      totals: this.totals ?? new Array<number>(k).fill(0),
      functions,
    };
  }

  private header(key: string, value: string): void {
    if (key === "events") this.setEvents(value.split(/\s+/).filter(Boolean));
    else if (key === "positions") this.positions = value.split(/\s+/).length;
    else if (key === "cmd") this.command = value;
    else if (key === "totals" || (key === "summary" && this.totals === null))
      this.totals = value.split(/\s+/).map((v) => this.count(v, "total"));
  }

  /** The events every cost line counts: fixed once costs were read, since each function's arrays have one entry per event. */
  private setEvents(events: string[]): void {
    if (events.length === 0) this.fail("an 'events:' line that names no event");
    if (this.fns.size > 0 && events.join(" ") !== this.events.join(" "))
      this.fail(`'events:' changes to ${JSON.stringify(events.join(" ").slice(0, 60))} after costs were read`);
    this.events = events;
  }

  private position(key: string, value: string): void {
    switch (key) {
      case "ob":
        this.ob = this.name("ob", value);
        return;
      case "fl":
        this.fl = this.name("fl", value);
        return;
      case "fi":
      case "fe":
        this.name("fl", value); // inlined code: defines a file name, the function stays
        return;
      case "fn":
        this.current = this.fn(this.ob, this.fl, this.name("fn", value));
        this.callee = {};
        return;
      case "cob":
        this.callee.ob = this.name("ob", value);
        return;
      case "cfi":
      case "cfl":
        this.callee.fl = this.name("fl", value);
        return;
      case "cfn":
        this.callee.fn = this.name("fn", value);
        return;
      case "calls": {
        if (!this.current || this.callee.fn === undefined) this.fail("'calls=' without a caller and a callee");
        const count = this.count(value.trim().split(/\s+/)[0], "call count");
        const target = this.fn(this.callee.ob ?? this.ob, this.callee.fl ?? this.fl, this.callee.fn);
        this.pendingCall = { target, count };
        return;
      }
      case "jfi":
        this.name("fl", value); // a jump's target file: no cost, but it may define a compressed name used later
        return;
      case "jfn":
        this.name("fn", value);
        return;
      case "jump":
      case "jcnd":
        return; // jumps (--collect-jumps) carry no cost of their own
      default:
        return; // other position kinds carry no cost and define no name
    }
  }

  private cost(line: string): void {
    if (!this.current) this.fail("a cost line before any 'fn='");
    this.addCosts(this.current.self, line);
  }

  private callCost(line: string): void {
    const { target, count } = this.pendingCall!;
    this.pendingCall = null;
    target.calls += count;
    this.addCosts(this.current!.callCosts, line);
    if (target === this.current)
      this.addCosts((this.current.selfCallCosts ??= new Array<number>(this.current.self.length).fill(0)), line);
    this.callee = {};
  }

  private addCosts(into: number[], line: string): void {
    const parts = line.split(/\s+/);
    for (let i = this.positions; i < parts.length && i - this.positions < into.length; i++)
      into[i - this.positions] += this.count(parts[i], "cost");
  }

  /** Callgrind counts events and calls: whole numbers, at least 0, decimal or 0x hex. */
  private count(text: string, what: string): number {
    const v = Number(text);
    if (text === "" || !Number.isSafeInteger(v) || v < 0) this.fail(`bad ${what} ${JSON.stringify(text.slice(0, 40))}`);
    return v;
  }

  /** `(id) name` defines a compressed name, `(id)` reuses it, anything else is the name. */
  private name(kind: "ob" | "fl" | "fn", value: string): string {
    const m = /^\((\d+)\)(?:\s+(.*))?$/.exec(value.trim());
    if (!m) return value.trim();
    const table = this.names[kind];
    if (m[2] !== undefined) {
      table.set(m[1], m[2]);
      return m[2];
    }
    const known = table.get(m[1]);
    if (known === undefined) this.fail(`name (${m[1]}) used before it is defined`);
    return known;
  }

  private fn(object: string, file: string, name: string): Fn {
    if (this.events.length === 0) this.fail("a function before the 'events:' line");
    const key = `${object}\u0000${file}\u0000${name}`;
    let f = this.fns.get(key);
    if (!f) {
      const k = this.events.length;
      f = {
        name,
        file,
        object,
        self: new Array<number>(k).fill(0),
        callCosts: new Array<number>(k).fill(0),
        selfCallCosts: null,
        calls: 0,
      };
      this.fns.set(key, f);
    }
    return f;
  }

  private fail(detail: string): never {
    throw new TraceError({
      kind: "malformed",
      file: this.file,
      byteOffset: this.lineOffset,
      detail: `line ${this.lineNo}: ${detail}`,
    });
  }
}
