// A results file's JSON document, and a document checked against a reader's
// zod schema, with every problem at its JSON path. The bytes are read as they
// come (jsonStream.ts), so a large file is never held whole.
import type * as z from "zod";
import { ResultsError, type FieldProblem } from "./diagnostics.js";
import { JsonStreamReader } from "./jsonStream.js";
import type { ResultsFormat } from "./model.js";

/** The document of a file's bytes held whole (tests, small inputs). */
export function parseJsonBytes(bytes: Uint8Array, file: string): unknown {
  const reader = new JsonStreamReader(file);
  reader.push(bytes);
  return reader.end();
}

/** The tools write a few levels; storing a run's environment (JSON.stringify) recurses once per level, so a
 * document nested thousands of levels deep, which JSON.parse reads, would overflow the stack when stored. */
const MAX_DEPTH = 64;

/** The document as the schema's output, or a ResultsError listing every bad field with the value found there. */
export function checkDocument<S extends z.ZodType>(
  schema: S,
  doc: unknown,
  file: string,
  format: ResultsFormat,
): z.output<S> {
  const deep = deepestPath(doc);
  if (deep)
    throw new ResultsError({
      kind: "invalid",
      file,
      format,
      problems: [{ path: jsonPath(deep), message: `nested more than ${MAX_DEPTH} levels deep` }],
    });
  const parsed = schema.safeParse(doc);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i): FieldProblem => {
    const path = i.path.filter((k): k is string | number => typeof k !== "symbol");
    const found = i.code === "invalid_type" ? "" : foundText(valueAt(doc, path));
    return { path: jsonPath(path), message: `${i.message.replace(/^Invalid input: /, "")}${found}` };
  });
  throw new ResultsError({ kind: "invalid", file, format, problems });
}

/** `["results", 0, "times", 3]` → `results[0].times[3]`. */
export function jsonPath(path: readonly (string | number)[]): string {
  return path
    .map((k, i) =>
      typeof k === "number"
        ? `[${k}]`
        : /^[A-Za-z_][A-Za-z0-9_]*$/.test(k)
          ? `${i === 0 ? "" : "."}${k}`
          : `[${JSON.stringify(k)}]`,
    )
    .join("");
}

/** The path of an array or object nested MAX_DEPTH levels deep, or null; walked with a stack of its own, not by recursion. */
function deepestPath(doc: unknown): (string | number)[] | null {
  const isContainer = (v: unknown): v is object => typeof v === "object" && v !== null;
  const stack: { value: object; path: (string | number)[] }[] = isContainer(doc) ? [{ value: doc, path: [] }] : [];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.path.length >= MAX_DEPTH) return top.path;
    for (const [k, v] of Array.isArray(top.value) ? top.value.entries() : Object.entries(top.value))
      if (isContainer(v)) stack.push({ value: v, path: [...top.path, k] });
  }
  return null;
}

function valueAt(doc: unknown, path: readonly (string | number)[]): unknown {
  let v = doc;
  for (const k of path)
    v = typeof v === "object" && v !== null ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

function foundText(v: unknown): string {
  if (v === undefined || typeof v === "object") return "";
  const text = JSON.stringify(v);
  return ` (found ${text.length > 40 ? `${text.slice(0, 40)}…` : text})`;
}
