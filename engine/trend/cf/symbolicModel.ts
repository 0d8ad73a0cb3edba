// Models as sums of terms c·Π xᵢ^pᵢ, so derived models can be formed by
// symbolic addition (⊕) and multiplication (⊗) of best sub-models (paper 002
// §3.4.2), like terms combined: 1 ⊕ (n) ⊕ (0.5n² − 0.5n) = 0.5n² + 0.5n + 1.

export interface Term {
  readonly coef: number;
  /** (feature, exponent) pairs sorted by feature; none for a constant. */
  readonly powers: readonly (readonly [string, number])[];
}

export type Model = readonly Term[];

/** Exponents closer than this are the same power when like terms combine. */
const SAME_EXPONENT = 1e-9;

export const constant = (c: number): Model => [{ coef: c, powers: [] }];
export const linear = (feature: string, a: number, b: number): Model => [
  { coef: a, powers: [] },
  { coef: b, powers: [[feature, 1]] },
];
export const power = (feature: string, a: number, b: number): Model => [{ coef: a, powers: [[feature, b]] }];

function sameMonomial(x: Term, y: Term): boolean {
  return (
    x.powers.length === y.powers.length &&
    x.powers.every(([f, p], i) => f === y.powers[i][0] && Math.abs(p - y.powers[i][1]) < SAME_EXPONENT)
  );
}

/** x ⊕ y, like terms combined, terms that cancel to exactly 0 dropped (a constant 0 stays a model). */
export function add(...models: readonly Model[]): Model {
  const out: Term[] = [];
  for (const m of models) {
    for (const t of m) {
      const like = out.findIndex((o) => sameMonomial(o, t));
      if (like >= 0) out[like] = { coef: out[like].coef + t.coef, powers: out[like].powers };
      else out.push(t);
    }
  }
  const kept = out.filter((t) => t.coef !== 0);
  return kept.length > 0 ? kept : constant(0);
}

/** x ⊗ y, distributed and like terms combined. */
export function multiply(x: Model, y: Model): Model {
  const terms: Term[] = [];
  for (const s of x) {
    for (const t of y) {
      const powers = new Map<string, number>(s.powers);
      for (const [f, p] of t.powers) powers.set(f, (powers.get(f) ?? 0) + p);
      const sorted = [...powers]
        .filter(([, p]) => Math.abs(p) >= SAME_EXPONENT)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      terms.push({ coef: s.coef * t.coef, powers: sorted });
    }
  }
  return add(terms);
}

/** The model's value where feature f has value `x(f)`. */
export function evaluate(m: Model, x: (feature: string) => number): number {
  let s = 0;
  for (const t of m) {
    let v = t.coef;
    for (const [f, p] of t.powers) v *= x(f) ** p;
    s += v;
  }
  return s;
}

export function featuresOf(m: Model): Set<string> {
  return new Set(m.flatMap((t) => t.powers.map(([f]) => f)));
}

/** A constant or a + b·x: §3.4.3's "simple linear model" (ℓ = 0). */
export function isSimpleLinear(m: Model): boolean {
  return featuresOf(m).size <= 1 && m.every((t) => t.powers.every(([, p]) => Math.abs(p - 1) < SAME_EXPONENT));
}

/** Terms written for people, largest degree first: "0.5·n^2 + 0.5·n + 1". */
export function modelText(m: Model): string {
  const degree = (t: Term) => t.powers.reduce((s, [, p]) => s + p, 0);
  const terms = [...m].filter((t) => t.coef !== 0).sort((a, b) => degree(b) - degree(a));
  if (terms.length === 0) return "0";
  return terms
    .map((t, i) => {
      const mono = t.powers.map(([f, p]) => (Math.abs(p - 1) < SAME_EXPONENT ? f : `${f}^${round(p, 2)}`)).join("·");
      const c = Math.abs(t.coef);
      const coef = mono && Math.abs(c - 1) < 1e-9 ? "" : number(c);
      const body = mono ? (coef ? `${coef}·${mono}` : mono) : coef;
      return i === 0 ? (t.coef < 0 ? `−${body}` : body) : `${t.coef < 0 ? " − " : " + "}${body}`;
    })
    .join("");
}

const round = (x: number, digits: number) => String(Number(x.toFixed(digits)));

function number(x: number): string {
  if (x !== 0 && (x >= 1e5 || x < 1e-2)) return x.toExponential(2);
  return String(Number(x.toPrecision(3)));
}
