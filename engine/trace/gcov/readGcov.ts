// `gcov -j -t` output (one JSON document per line, docs/formats.md) as per-function
// execution counts and per-line counts. A line shared by several functions is
// listed once per function, with that function's count, as gcov lists it.
// Every document is checked before it is used: counts and line numbers are
// whole numbers ≥ 0, names are strings, or the read ends in a TraceError that
// names the document's byte offset and the field.
import * as z from "zod";
import { TraceError } from "../diagnostics.js";
import { utf8ByteLength } from "../utf8.js";

export interface GcovFunction {
  readonly file: string;
  readonly name: string;
  readonly demangledName: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly executionCount: number;
}

export interface GcovLine {
  readonly file: string;
  readonly line: number;
  readonly count: number;
  readonly function: string;
}

export interface GcovTable {
  readonly gccVersion: string;
  readonly dataFiles: readonly string[];
  readonly functions: readonly GcovFunction[];
  readonly lines: readonly GcovLine[];
}

const count = z.number().int().nonnegative();
const documentSchema = z.looseObject({
  gcc_version: z.string().optional(),
  data_file: z.string().optional(),
  files: z
    .array(
      z.looseObject({
        file: z.string(),
        functions: z
          .array(
            z.looseObject({
              name: z.string(),
              demangled_name: z.string().optional(),
              start_line: count,
              end_line: count,
              execution_count: count,
            }),
          )
          .optional(),
        lines: z.array(z.looseObject({ line_number: count, count, function_name: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});
type GcovDocument = z.output<typeof documentSchema>;

export function readGcovJson(text: string, source: string): GcovTable {
  const docs: GcovDocument[] = [];
  let offset = 0; // byte offset of the line being read
  for (const line of text.split("\n")) {
    if (line.trim()) docs.push(parseDocument(line, docs.length + 1, { file: source, byteOffset: offset }));
    offset += utf8ByteLength(line) + 1;
  }
  if (docs.length === 0)
    throw new TraceError({
      kind: "malformed",
      file: source,
      byteOffset: 0,
      detail: "gcov printed no coverage document",
    });
  const functions: GcovFunction[] = [];
  const lines: GcovLine[] = [];
  for (const doc of docs) {
    for (const f of doc.files ?? []) {
      for (const fn of f.functions ?? []) {
        functions.push({
          file: f.file,
          name: fn.name,
          demangledName: fn.demangled_name ?? fn.name,
          startLine: fn.start_line,
          endLine: fn.end_line,
          executionCount: fn.execution_count,
        });
      }
      for (const l of f.lines ?? [])
        lines.push({ file: f.file, line: l.line_number, count: l.count, function: l.function_name ?? "" });
    }
  }
  if (functions.length === 0) {
    // gcov's silent failure: a data file it could not match gives `files: []`.
    const detail = `gcov found no functions in ${docs.map((d) => d.data_file).join(", ")} (are the .gcno files beside the .gcda files?)`;
    throw new TraceError({ kind: "malformed", file: source, byteOffset: 0, detail });
  }
  return { gccVersion: docs[0].gcc_version ?? "", dataFiles: docs.map((d) => d.data_file ?? ""), functions, lines };
}

function parseDocument(line: string, n: number, place: { file: string; byteOffset: number }): GcovDocument {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (e) {
    throw new TraceError({
      kind: "malformed",
      ...place,
      detail: `document ${n} is not gcov JSON (${(e as Error).message})`,
    });
  }
  const parsed = documentSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
  throw new TraceError({
    kind: "malformed",
    ...place,
    detail: `document ${n} is not gcov JSON: ${path.slice(1) || "the document"}: ${issue.message}`,
  });
}
