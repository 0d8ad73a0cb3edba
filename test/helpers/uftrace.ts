// Recording the project's example programs with the real uftrace, and reading
// uftrace's own `report` as the reference the readers are checked against.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const EXAMPLES_BIN = join(ROOT, "examples", "build");
export const FIXTURES = join(ROOT, "test", "fixtures");

export function buildExamples(): void {
  execFileSync("make", ["-s", "-C", join(ROOT, "examples")], { stdio: "inherit" });
}

const made: string[] = [];

/** A new directory under the system's temporary one, removed when the test
 * file's process exits: a CI run made ~2.5 GB of recordings and workspaces
 * and left them all behind. A file with a failed test keeps them, and says
 * where, so the recording that failed can be looked at. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `varbench-${prefix}-`));
  if (made.length === 0) process.on("exit", removeMade);
  made.push(dir);
  return dir;
}

function removeMade(code: number): void {
  if (code !== 0 || (process.exitCode ?? 0) !== 0) {
    process.stderr.write(`kept for a look, as a test failed: ${made.join(" ")}\n`);
    return;
  }
  for (const dir of made) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // A directory a child process still holds open is left: the next clean of /tmp takes it.
    }
  }
}

/** Records `program args…` into a new data directory and returns its path;
 * uftrace's defaults (scheduler events on) unless options say otherwise. */
export function record(program: string, args: readonly string[], options: readonly string[] = []): string {
  const dir = join(tempDir("rec"), "uftrace.data");
  execFileSync("uftrace", ["record", ...options, "-d", dir, join(EXAMPLES_BIN, program), ...args], {
    stdio: ["ignore", "ignore", "ignore"],
  });
  return dir;
}

export interface ReportRow {
  readonly name: string;
  readonly totalNs: number;
  readonly selfNs: number;
  readonly calls: number;
  /** One unit of the last printed digit: report truncates (6,049,660 ns prints as 6.049 ms). */
  readonly toleranceNs: number;
}

const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9, m: 60e9 };

/** `uftrace report -f total,self,call` parsed into rows, in nanoseconds. */
export function uftraceReport(dir: string, extra: readonly string[] = []): Map<string, ReportRow> {
  const text = execFileSync("uftrace", ["report", "-d", dir, "-f", "total,self,call", ...extra], { encoding: "utf8" });
  const rows = new Map<string, ReportRow>();
  for (const line of text.split("\n")) {
    const m = /^\s*([\d.]+) (ns|us|ms|s|m)\s+([\d.]+) (ns|us|ms|s|m)\s+(\d+)\s+(.+?)\s*$/.exec(line);
    if (!m) continue;
    const unitTol = (v: string, u: string) => (v.includes(".") ? 10 ** -v.split(".")[1].length : 1) * UNIT_NS[u];
    rows.set(m[6], {
      name: m[6],
      totalNs: Number(m[1]) * UNIT_NS[m[2]],
      selfNs: Number(m[3]) * UNIT_NS[m[4]],
      calls: Number(m[5]),
      toleranceNs: Math.max(unitTol(m[1], m[2]), unitTol(m[3], m[4])),
    });
  }
  return rows;
}

export function chromeDump(dir: string): string {
  const file = join(tempDir("chrome"), "trace.json");
  const json = execFileSync("uftrace", ["dump", "-d", dir, "--chrome"], { encoding: "utf8", maxBuffer: 1 << 30 });
  writeFileSync(file, json);
  return file;
}

/** A copy of a recording of examples/nested_chain whose program's .sym file keeps its header and holds two
 * lines that are no symbols: the copy, that file, and the header's length. */
export function damagedSymCopy(recording: string, label: string): { copy: string; sym: string; headerLength: number } {
  const copy = join(tempDir(label), "nested_chain");
  cpSync(recording, copy, { recursive: true });
  const sym = join(copy, "nested_chain.sym");
  const header = readFileSync(sym, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("#"))
    .join("\n");
  writeFileSync(sym, `${header}\nthis is\nno symbol table\n`);
  return { copy, sym, headerLength: header.length };
}
