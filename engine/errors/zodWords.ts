// Zod's default messages ("Too big: expected number to be <=1") in Varbench's
// words ("must be at most 1"), for every schema that does not word its own:
// the API's arguments, specs, results files. Installed once, by errors.ts,
// which every message on its way to a person passes through.
import * as z from "zod";

type Issue = z.core.$ZodRawIssue;

const UNITS: Readonly<Record<string, [string, string]>> = {
  string: ["character", "characters"],
  array: ["item", "items"],
  set: ["item", "items"],
  file: ["byte", "bytes"],
};

function bound(n: number | bigint, origin: string): string {
  const unit = UNITS[origin];
  const value =
    typeof n === "bigint" ? n.toString() : n.toLocaleString("en-US", { maximumFractionDigits: 20, useGrouping: false });
  return unit ? `${value} ${Number(n) === 1 ? unit[0] : unit[1]}` : value;
}

function typeName(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (typeof input === "number" && Number.isNaN(input)) return "NaN";
  return typeof input;
}

/** The message for one issue, or undefined to keep Zod's. */
export function issueWords(issue: Issue): string | undefined {
  switch (issue.code) {
    case "too_big":
      return `must be ${issue.inclusive === false ? "below" : "at most"} ${bound(issue.maximum, issue.origin)}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "must not be empty";
      if (issue.origin === "array" && Number(issue.minimum) === 1) return "must not be empty";
      return `must be ${issue.inclusive === false ? "above" : "at least"} ${bound(issue.minimum, issue.origin)}`;
    case "invalid_type":
      if (issue.input === undefined) return `is required (${issue.expected})`;
      if (issue.expected === "int" && typeof issue.input === "number") return "must be a whole number";
      return `expected ${issue.expected === "int" ? "a whole number" : issue.expected}, received ${typeName(issue.input)}`;
    case "not_multiple_of":
      return `must be a multiple of ${bound(issue.divisor as number, "number")}`;
    case "invalid_value":
      return `must be ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of: ${issue.values.map((v: unknown) => JSON.stringify(v)).join(", ")}`}`;
    case "unrecognized_keys":
      return `unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`;
    case "invalid_format":
      return issue.format === "regex" ? "is not in the expected form" : `is not a valid ${issue.format}`;
    default:
      return undefined;
  }
}

z.config({ customError: issueWords });
