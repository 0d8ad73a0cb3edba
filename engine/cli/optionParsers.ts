// What the command line makes of an option's text, in one place for every
// command: numbers as people write them, a choice among names, two designs as
// A,B, and the output format of --json and --csv. Value parsers throw
// commander's InvalidArgumentError, which commander words with the option's
// name; the checks that need two flags at once, or read better with the flag
// first, throw a plain Error the command line prints as it is (failure.ts).
import { InvalidArgumentError } from "commander";

// Numbers as people write them in decimal: Number() also takes "" (0), "0x10" (16), "1e3" and " 2 ".
const WHOLE = /^\d+$/;
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** A count, id, seed or limit: "0", "12" (no sign, no exponent, no hex). */
export function wholeNumber(v: string): number {
  const n = Number(v);
  if (!WHOLE.test(v) || !Number.isSafeInteger(n)) throw new InvalidArgumentError("expected a whole number ≥ 0");
  return n;
}

/** A share, threshold or cost: "0.95", ".5", "3" (no sign, no exponent). */
export function decimal(v: string): number {
  if (!DECIMAL.test(v)) throw new InvalidArgumentError("expected a decimal number ≥ 0, e.g. 0.95");
  return Number(v);
}

/** One of `names`, as written. */
export function choice<T extends string>(names: readonly T[]): (v: string) => T {
  return (v) => {
    if (!(names as readonly string[]).includes(v))
      throw new InvalidArgumentError(`expected one of ${names.join(", ")}`);
    return v as T;
  };
}

/** A TCP port, or 0 for any free one. */
export function port(v: string): number {
  const n = WHOLE.test(v) ? Number(v) : NaN;
  if (!(n >= 0 && n <= 65535))
    throw new InvalidArgumentError("expected a port between 1 and 65535, or 0 for any free port");
  return n;
}

/** The confidence an interval or test may be asked for: the range the verdict and the comparison by
 * patterns accept (analyses/verdict.ts, designComparison.ts), refused here before the engine starts.
 * Below 80% an interval names a design faster too easily to be a verdict (a 50% interval does so
 * between identical designs). */
export const CONFIDENCE_BOUNDS = [0.8, 0.999] as const;

export function confidenceLevel(v: string): number {
  const x = DECIMAL.test(v) ? Number(v) : NaN;
  const [low, high] = CONFIDENCE_BOUNDS;
  if (!(x >= low && x <= high))
    throw new InvalidArgumentError(`expected a confidence between ${low} and ${high}, e.g. 0.95`);
  return x;
}

/** "2" or "2%" → 0.02. */
export function percent(v: string): number {
  const digits = v.replace(/%$/, "");
  if (!DECIMAL.test(digits)) throw new InvalidArgumentError("expected a percentage ≥ 0, e.g. 2 or 2%");
  return Number(digits) / 100;
}

/** --designs A,B: two different design names, A first (the reference), spaces around each left out. */
export function designPair(text: string): [string, string] {
  const names = text.split(",").map((s) => s.trim());
  if (names.length !== 2 || names.some((n) => n === ""))
    throw new Error(`--designs: name two designs, A,B (got ${JSON.stringify(text)})`);
  // A design against itself shows nothing about either: its "difference" is only the runs' noise.
  if (names[0] === names[1]) throw new Error(`--designs: name two different designs (got ${JSON.stringify(text)})`);
  return [names[0], names[1]];
}

/** The formats a command prints besides its text. */
export type OutputFormat = "json" | "csv" | "text";

/** --json or --csv (never both), else text. */
export function outputFormat(o: { readonly json: boolean; readonly csv?: boolean }): OutputFormat {
  if (o.json && o.csv) throw new Error("--json and --csv: choose one");
  return o.json ? "json" : o.csv ? "csv" : "text";
}
