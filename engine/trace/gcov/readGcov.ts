// `gcov -j -t` output (one JSON document per line, docs/formats.md) as per-function
// execution counts and per-line counts. A line shared by several functions is
// listed once per function, with that function's count, as gcov lists it.

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

interface GcovDocument {
  gcc_version?: string;
  data_file?: string;
  files?: {
    file: string;
    functions?: { name: string; demangled_name?: string; start_line: number; end_line: number; execution_count: number }[];
    lines?: { line_number: number; count: number; function_name?: string }[];
  }[];
}

export function readGcovJson(text: string, source: string): GcovTable {
  const docs = text
    .split("\n")
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as GcovDocument;
      } catch (e) {
        throw new Error(`${source}: document ${i + 1} is not gcov JSON (${(e as Error).message})`);
      }
    });
  if (docs.length === 0) throw new Error(`${source}: gcov printed no coverage document`);
  const functions: GcovFunction[] = [];
  const lines: GcovLine[] = [];
  for (const doc of docs) {
    for (const f of doc.files ?? []) {
      for (const fn of f.functions ?? []) {
        functions.push({ file: f.file, name: fn.name, demangledName: fn.demangled_name ?? fn.name, startLine: fn.start_line, endLine: fn.end_line, executionCount: fn.execution_count });
      }
      for (const l of f.lines ?? []) lines.push({ file: f.file, line: l.line_number, count: l.count, function: l.function_name ?? "" });
    }
  }
  if (functions.length === 0) {
    // gcov's silent failure: a data file it could not match gives `files: []`.
    throw new Error(`${source}: gcov found no functions in ${docs.map((d) => d.data_file).join(", ")} (are the .gcno files beside the .gcda files?)`);
  }
  return { gccVersion: docs[0].gcc_version ?? "", dataFiles: docs.map((d) => d.data_file ?? ""), functions, lines };
}
