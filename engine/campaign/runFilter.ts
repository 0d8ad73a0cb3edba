// The runs table's filter: one expression over its columns, such as
//   design = merge and feat.n >= 2000 and metric.wall < 5ms
// Comparisons (= != < <= > >= and ~ for "contains") joined by and, or, not and parentheses; a number may
// carry its unit (ns us µs ms s, KiB MiB GiB, k M G; case tells M from m), which must fit the column's; text compares without
// regard to case. A word or a quoted text on its own searches the run's text (id, design, workload,
// status, message), as the table's search box always did; terms side by side must all hold. A run that lacks a column's value matches no comparison of it. Errors say where and why,
// in the words a user typed, so the table can show them beside the box (never a parser's stack).
import type { MeasureUnit } from "../format/numbers.js";

/** A column the filter can name: text, or a number in a measure's unit (null: a plain number, a feature). */
export interface FilterField {
  readonly name: string;
  readonly kind: "text" | "number";
  readonly unit?: MeasureUnit | null;
}

export type Op = "=" | "!=" | "<" | "<=" | ">" | ">=" | "~";
export type FilterExpr =
  | { readonly type: "and" | "or"; readonly left: FilterExpr; readonly right: FilterExpr }
  | { readonly type: "not"; readonly inner: FilterExpr }
  | { readonly type: "search"; readonly text: string }
  | { readonly type: "compare"; readonly field: FilterField; readonly op: Op; readonly value: number | string };

export interface FilterError {
  readonly message: string;
  /** Offset in the text where the problem starts. */
  readonly at: number;
}

export type ParsedFilter =
  { readonly ok: true; readonly expr: FilterExpr | null } | ({ readonly ok: false } & FilterError);

/** Each unit's value in its column's base unit (ns, KiB, or one), and the unit it belongs to. */
const UNITS: Readonly<Record<string, { scale: number; unit: MeasureUnit }>> = {
  ns: { scale: 1, unit: "ns" },
  us: { scale: 1e3, unit: "ns" },
  µs: { scale: 1e3, unit: "ns" },
  ms: { scale: 1e6, unit: "ns" },
  s: { scale: 1e9, unit: "ns" },
  KiB: { scale: 1, unit: "KiB" },
  MiB: { scale: 1024, unit: "KiB" },
  GiB: { scale: 1024 * 1024, unit: "KiB" },
  k: { scale: 1e3, unit: "count" },
  M: { scale: 1e6, unit: "count" },
  G: { scale: 1e9, unit: "count" },
};
/** A unit as written, case kept where it tells units apart (M is a million, ms a millisecond); KiB in any case. */
function unitOf(word: string): { scale: number; unit: MeasureUnit } | undefined {
  const key = word.replace(/^([kmg])ib$/i, (_, p: string) => `${p.toUpperCase()}iB`);
  return Object.hasOwn(UNITS, key) ? UNITS[key] : undefined;
}
const UNIT_WORDS: Readonly<Record<MeasureUnit, string>> = {
  ns: "a time (ns, us, ms, s)",
  KiB: "a memory size (KiB, MiB, GiB)",
  count: "a count (k, M, G)",
};
const OPS: readonly Op[] = ["!=", "<=", ">=", "=", "<", ">", "~"];

type Token =
  | { kind: "word" | "string"; text: string; at: number }
  | { kind: "number"; text: string; value: number; unit: string | null; at: number }
  | { kind: "op"; text: Op; at: number }
  | { kind: "(" | ")" | "end"; text: string; at: number };

class FilterSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/** Words: a letter or _ first, then letters, digits, _ . - (metric.trace-cpu, feat.w1_ms). */
const WORD = /^[\p{L}_][\p{L}\p{N}_.-]*/u;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const op = OPS.find((o) => rest.startsWith(o));
    const number = NUMBER.exec(rest);
    const word = WORD.exec(rest);
    if (rest[0] === "(" || rest[0] === ")") tokens.push({ kind: rest[0], text: rest[0], at: i++ });
    else if (rest[0] === '"' || rest[0] === "'") {
      const end = text.indexOf(rest[0], i + 1);
      if (end < 0) throw new FilterSyntaxError(`the text opened by ${rest[0]} is not closed`, i);
      tokens.push({ kind: "string", text: text.slice(i + 1, end), at: i });
      i = end + 1;
    } else if (number) {
      // A unit may follow with or without a space: "5ms", "5 ms".
      const after = /^\s*([\p{L}]+)/u.exec(text.slice(i + number[0].length));
      const unit = after && unitOf(after[1]) ? after[1] : null;
      tokens.push({ kind: "number", text: number[0], value: Number(number[0]), unit, at: i });
      i += number[0].length + (unit ? after![0].length : 0);
    } else if (op) {
      tokens.push({ kind: "op", text: op, at: i });
      i += op.length;
    } else if (word) {
      tokens.push({ kind: "word", text: word[0], at: i });
      i += word[0].length;
    } else throw new FilterSyntaxError(`"${rest[0]}" is not part of a filter`, i);
  }
  tokens.push({ kind: "end", text: "", at: text.length });
  return tokens;
}

const isKeyword = (t: Token, k: string) => t.kind === "word" && t.text.toLowerCase() === k;

/** The expression in `text` over these columns; an empty text filters nothing (expr null). */
export function parseFilter(text: string, fields: readonly FilterField[]): ParsedFilter {
  try {
    const tokens = tokenize(text);
    if (tokens.length === 1) return { ok: true, expr: null };
    const parser = new Parser(tokens, new Map(fields.map((f) => [f.name, f])));
    const expr = parser.or();
    parser.expectEnd();
    return { ok: true, expr };
  } catch (e) {
    if (e instanceof FilterSyntaxError) return { ok: false, message: e.message, at: e.at };
    throw e;
  }
}

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: readonly Token[],
    private readonly fields: ReadonlyMap<string, FilterField>,
  ) {}

  /** The next token (a method: a field read would stay narrowed across this.i++). */
  private peek(): Token {
    return this.tokens[this.i];
  }

  or(): FilterExpr {
    let left = this.and();
    while (isKeyword(this.peek(), "or")) (this.i++, (left = { type: "or", left, right: this.and() }));
    return left;
  }

  private and(): FilterExpr {
    let left = this.not();
    for (;;) {
      const t = this.peek();
      if (isKeyword(t, "and")) this.i++;
      // Terms side by side must all hold ("merge failed"), as words in a search box do.
      else if (t.kind === "end" || t.kind === ")" || t.kind === "op" || isKeyword(t, "or")) return left;
      left = { type: "and", left, right: this.not() };
    }
  }

  private not(): FilterExpr {
    if (isKeyword(this.peek(), "not")) return (this.i++, { type: "not", inner: this.not() });
    if (this.peek().kind === "(") {
      const open = this.tokens[this.i++];
      const inner = this.or();
      if (this.peek().kind !== ")")
        throw new FilterSyntaxError(`the parenthesis at ${open.at + 1} is not closed`, open.at);
      this.i++;
      return inner;
    }
    return this.comparison();
  }

  private comparison(): FilterExpr {
    const name = this.tokens[this.i++];
    const bare =
      name.kind === "string" ||
      name.kind === "number" ||
      (name.kind === "word" && !isKeyword(name, "and") && !isKeyword(name, "or"));
    if (bare && this.peek().kind !== "op")
      return { type: "search", text: name.kind === "number" && name.unit ? `${name.text}${name.unit}` : name.text };
    if (name.kind !== "word" || ["and", "or", "not"].some((k) => isKeyword(name, k)))
      throw new FilterSyntaxError(
        name.kind === "end" ? "a comparison is missing at the end" : `expected a column name, found "${name.text}"`,
        name.at,
      );
    const field = this.fields.get(name.text) ?? this.fields.get(name.text.toLowerCase());
    if (!field) throw new FilterSyntaxError(unknownColumn(name.text, [...this.fields.keys()]), name.at);
    const op = this.tokens[this.i++];
    if (op.kind !== "op")
      throw new FilterSyntaxError(
        `expected a comparison (= != < <= > >= ~) after ${field.name}, found ${shown(op)}`,
        op.at,
      );
    const value = this.tokens[this.i++];
    return { type: "compare", field, op: op.text as Op, value: valueFor(field, op as Token & { kind: "op" }, value) };
  }

  expectEnd(): void {
    const t = this.peek();
    if (t.kind === ")") throw new FilterSyntaxError("this parenthesis closes none opened before it", t.at);
    if (t.kind !== "end") throw new FilterSyntaxError(`expected and, or or the end, found "${t.text}"`, t.at);
  }
}

const shown = (t: Token) => (t.kind === "end" ? "the end" : `"${t.text}"`);

function unknownColumn(name: string, names: readonly string[]): string {
  const like = names.filter((n) => n.toLowerCase().endsWith(`.${name.toLowerCase()}`));
  if (like.length > 0) return `no column is named ${name}: did you mean ${like.join(" or ")}?`;
  return `no column is named ${name}; the columns are ${names.join(", ")}`;
}

/** The value compared, in the column's base unit for a number; an error where it cannot be compared so. */
function valueFor(field: FilterField, op: Token & { kind: "op" }, t: Token): number | string {
  if (t.kind === "end" || t.kind === "op" || t.kind === "(" || t.kind === ")")
    throw new FilterSyntaxError(`expected a value after ${field.name} ${op.text}, found ${shown(t)}`, t.at);
  if (field.kind === "text") {
    if (op.text !== "=" && op.text !== "!=" && op.text !== "~")
      throw new FilterSyntaxError(
        `${field.name} is text: compare it with =, != or ~ (contains), not ${op.text}`,
        op.at,
      );
    return t.kind === "number" && t.unit ? `${t.text}${t.unit}` : t.text;
  }
  if (op.text === "~") throw new FilterSyntaxError(`${field.name} is a number: ~ (contains) applies to text`, op.at);
  if (t.kind !== "number") throw new FilterSyntaxError(`${field.name} is a number, and "${t.text}" is not`, t.at);
  const unit = field.unit ?? null;
  if (t.unit === null) {
    if (unit === "ns" || unit === "KiB")
      throw new FilterSyntaxError(`${field.name} is ${UNIT_WORDS[unit]}: give ${t.text} its unit`, t.at);
    return t.value;
  }
  const u = unitOf(t.unit)!; // the tokenizer kept only units unitOf knows
  if (u.unit !== (unit ?? "count"))
    throw new FilterSyntaxError(
      `${t.text} ${t.unit} is ${UNIT_WORDS[u.unit]}, and ${field.name} is ${unit ? UNIT_WORDS[unit] : "a plain number"}`,
      t.at,
    );
  return t.value * u.scale;
}

/** A predicate over records from the expression; `get` gives a column's value of a record (null: none), `text` the
 * record's text a search reads, lowercased. */
export function compileFilter<R>(
  expr: FilterExpr | null,
  get: (field: string) => (record: R) => number | string | boolean | null,
  text: (record: R) => string,
): (record: R) => boolean {
  if (expr === null) return () => true;
  const sub = (e: FilterExpr) => compileFilter(e, get, text);
  switch (expr.type) {
    case "and": {
      const [a, b] = [sub(expr.left), sub(expr.right)];
      return (r) => a(r) && b(r);
    }
    case "or": {
      const [a, b] = [sub(expr.left), sub(expr.right)];
      return (r) => a(r) || b(r);
    }
    case "not": {
      const a = sub(expr.inner);
      return (r) => !a(r);
    }
    case "search": {
      const want = expr.text.toLowerCase();
      return (r) => text(r).includes(want);
    }
    case "compare":
      return compare(expr.field, expr.op, expr.value, get(expr.field.name));
  }
}

function compare<R>(
  field: FilterField,
  op: Op,
  value: number | string,
  read: (record: R) => number | string | boolean | null,
): (record: R) => boolean {
  if (field.kind === "text") {
    const want = String(value).toLowerCase();
    const text = (r: R) => {
      const v = read(r);
      return v === null ? null : String(v).toLowerCase();
    };
    if (op === "~") return (r) => text(r)?.includes(want) ?? false;
    return op === "=" ? (r) => text(r) === want : (r) => (text(r) ?? want) !== want;
  }
  const x = value as number;
  const test: (v: number) => boolean =
    op === "="
      ? (v) => v === x
      : op === "!="
        ? (v) => v !== x
        : op === "<"
          ? (v) => v < x
          : op === "<="
            ? (v) => v <= x
            : op === ">"
              ? (v) => v > x
              : (v) => v >= x;
  return (r) => {
    const v = read(r);
    return typeof v === "number" && Number.isFinite(v) && test(v);
  };
}
