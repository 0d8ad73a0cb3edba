// uftrace's own cost per recorded call on this machine, measured once per
// uftrace version, host and record options, before a campaign's first traced
// run (verdict/toolCost.ts says what it is for). native/vbcalls.c makes N calls
// of an empty function: recorded at two N, the traced on-CPU time grows by the
// tracer's cost plus the call's own per extra recorded call; the plain build
// times the call's own, which is taken out. Five pairs, alternated, and their
// median; recorded with scheduler events, so time switched out is not cost.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { DATA_ROOT } from "../io/projectRoot.js";
import { readTraceFile } from "../io/readTrace.js";
import { traceMeasures } from "../cct/traceMeasures.js";
import type { Cct } from "../cct/cct.js";
import { findCalibration, saveCalibration, type CalibrationKey } from "../store/calibrations.js";
import type { Workspace } from "../store/workspace.js";
import { toolVersion } from "./profilers/toolVersion.js";
import { readConfigJson, writeConfigJson } from "../io/configFiles.js";
import { grouped } from "../format/numbers.js";

const execFileAsync = promisify(execFile);
const SOURCE = join(DATA_ROOT, "engine", "runner", "native", "vbcalls.c");
/** Calls of the two recordings: 100,000 more calls add ~20 ms at uftrace's ~0.2 µs a call, far above a
 * clock tick, while each recording stays a few MB (16 bytes an entry and an exit). */
const FEWER_CALLS = 10_000;
const MORE_CALLS = 110_000;
/** The share of the extra calls a recording must hold to be a measure of the cost per recorded call
 * (every one of them, but for lost records, which uftrace counts and says). */
const RECORDED_SHARE = 0.99;
/** Pairs recorded; the median of an odd count is one of them. */
const PAIRS = 5;
/** Options that instrument by patching function entries at run time (uftrace record -P), not by -pg's mcount. */
const PATCHING = new Set(["-P", "--patch"]);

export function calibrationKey(options: readonly string[]): CalibrationKey {
  return { tool: "uftrace", version: toolVersion("uftrace"), host: hostname(), options: [...options] };
}

/** The machine's calibrations, shared by its workspaces: one measure per machine, version and options. */
const MACHINE_FILE = "calibrations.json";
type Measured = { nsPerCall: number; insideNs: number; low: number; high: number; how: string };
const keyText = (k: CalibrationKey) => JSON.stringify([k.tool, k.version, k.host, k.options]);

function machineCalibration(key: CalibrationKey): Measured | null {
  const all = readConfigJson(MACHINE_FILE);
  const c = all && typeof all === "object" ? (all as Record<string, unknown>)[keyText(key)] : undefined;
  if (!c || typeof c !== "object") return null;
  const m = c as Partial<Measured>;
  return [m.nsPerCall, m.insideNs, m.low, m.high].every((x) => typeof x === "number" && Number.isFinite(x)) &&
    typeof m.how === "string"
    ? (m as Measured)
    : null;
}

function rememberOnMachine(key: CalibrationKey, m: Measured): void {
  const all = readConfigJson(MACHINE_FILE);
  writeConfigJson(MACHINE_FILE, { ...(all && typeof all === "object" ? all : {}), [keyText(key)]: m });
}

/** Measures uftrace's cost per call unless this workspace, or this machine, has it for this version and options. */
export async function ensureUftraceCalibration(
  ws: Workspace,
  options: readonly string[],
  note: (message: string) => void,
  o: { again?: boolean } = {},
): Promise<void> {
  const key = calibrationKey(options);
  if (!o.again && findCalibration(ws.db, key) !== null) return;
  const known = o.again ? null : machineCalibration(key);
  if (known) return saveCalibration(ws.db, key, known);
  note(
    `Measuring uftrace's own cost per call on this machine, once for ${key.version.split(" (")[0]} with the options ${options.join(" ") || "(none)"} (${PAIRS * 2} short recordings)…`,
  );
  const patching = options.some((o) => PATCHING.has(o));
  const how = `${grouped(FEWER_CALLS)} and ${grouped(MORE_CALLS)} calls of an empty function recorded ${PAIRS} times each with scheduler events (a ${patching ? "-fpatchable-function-entry=5" : "-pg"} build, record options: ${options.filter((o) => o !== "--no-event").join(" ") || "none"}), the median difference per call, less the call's own time in a plain build; the cheapest case, as real calls cost the tracer more`;
  try {
    const nsPerCall = await measure(options, patching);
    if (nsPerCall === null) {
      const failure =
        "the recordings' calls did not grow with the calls made: the record options (a time filter such as -t, or a depth limit) leave such short calls out, so uftrace's cost per recorded call cannot be measured";
      saveCalibration(ws.db, key, { failure, how });
      note(`uftrace's cost per call could not be measured: ${failure}.`);
      return;
    }
    saveCalibration(ws.db, key, { ...nsPerCall, how });
    rememberOnMachine(key, { ...nsPerCall, how });
    note(
      `uftrace costs about ${nsPerCall.nsPerCall.toFixed(0)} ns a recorded call here (${nsPerCall.low.toFixed(0)}–${nsPerCall.high.toFixed(0)} over ${PAIRS} pairs).`,
    );
  } catch (e) {
    // The campaign goes on: its verdicts say the cost is unknown, and why.
    const failure = `the calibration failed: ${(e as Error).message}`;
    saveCalibration(ws.db, key, { failure, how });
    note(`uftrace's cost per call could not be measured (${failure}); the campaign's verdicts will say so.`);
  }
}

async function measure(
  options: readonly string[],
  patching: boolean,
): Promise<{ nsPerCall: number; low: number; high: number; insideNs: number } | null> {
  const dir = mkdtempSync(join(tmpdir(), "varbench-calibrate-"));
  try {
    const traced = build(patching ? ["-fpatchable-function-entry=5"] : ["-pg"], patching ? "patch" : "pg");
    const plain = build([], "plain");
    // Scheduler events are recorded whatever the campaign says (the hook at each call is the same), so
    // that time switched out on a busy machine is taken out of the traced time rather than counted as cost.
    const recordOptions = options.filter((o) => o !== "--no-event");
    const few: Recorded[] = [];
    const many: Recorded[] = [];
    for (let i = 0; i < PAIRS; i++) {
      few.push(await record(traced, FEWER_CALLS, recordOptions, join(dir, `few-${i}`)));
      many.push(await record(traced, MORE_CALLS, recordOptions, join(dir, `many-${i}`)));
      // A time filter or depth limit leaves (most of) the extra calls unrecorded: no cost per recorded call.
      if (many[i].calls - few[i].calls < RECORDED_SHARE * (MORE_CALLS - FEWER_CALLS)) return null;
    }
    // The median of the pairs' differences per call, their range beside it: an empty function in a
    // hot loop is the tracer's cheapest case (real calls, colder, cost it more), so the fastest pair
    // would understate it further.
    const perCall = few.map((f, i) => (many[i].ns - f.ns) / (many[i].calls - f.calls));
    const inside = many.map((m) => m.leafNs);
    let own = Infinity;
    for (let i = 0; i < PAIRS; i++)
      own = Math.min(own, Number((await run(plain, [String(MORE_CALLS), "time"])).trim()) / MORE_CALLS);
    const sorted = perCall.map((p) => Math.max(0, p - own)).sort((a, b) => a - b);
    const nsPerCall = sorted[(PAIRS - 1) / 2];
    const insideNs = Math.max(0, inside.sort((a, b) => a - b)[(PAIRS - 1) / 2] - own);
    return { nsPerCall, low: sorted[0], high: sorted[PAIRS - 1], insideNs: Math.min(insideNs, nsPerCall) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Recorded {
  /** Traced on-CPU time of the whole program (ns). */
  readonly ns: number;
  readonly calls: number;
  /** The empty leaf's mean recorded time (ns). */
  readonly leafNs: number;
}

async function record(binary: string, calls: number, options: readonly string[], data: string): Promise<Recorded> {
  await run("uftrace", ["record", "-d", data, ...options, "--", binary, String(calls)]);
  const { cct } = await readTraceFile(data);
  const m = traceMeasures(cct);
  return { ns: m["trace-cpu"], calls: m.calls, leafNs: meanOf(cct, "vb_leaf") };
}

/** The mean recorded time of a function's calls: for the empty leaf, the part of the tracer's cost that
 * falls between a call's own entry and exit records (the "inside" cost the CCT can also take out). */
function meanOf(cct: Cct, name: string): number {
  const fn = cct.functions.indexOf(name);
  let total = 0;
  let n = 0;
  for (const t of cct.threads) {
    for (let c = 1; c < t.contexts.size; c++) {
      if (t.contexts.fn[c] !== fn) continue;
      total += t.contexts.inclusiveNs[c];
      n += t.contexts.n[c];
    }
  }
  return n > 0 ? total / n : 0;
}

async function run(command: string, args: readonly string[]): Promise<string> {
  try {
    return (await execFileAsync(command, args, { encoding: "utf8", maxBuffer: 1 << 20 })).stdout;
  } catch (e) {
    const why = (e as { stderr?: string }).stderr?.trim() || (e as Error).message;
    throw new Error(`${command} ${args[0]} failed: ${why.split("\n").slice(-3).join(" ")}`);
  }
}

/** Builds vbcalls with these flags into a cache folder named by the source's hash and the flags. */
function build(flags: readonly string[], name: string): string {
  const source = readFileSync(SOURCE);
  const dir = join(
    tmpdir(),
    `varbench-vbcalls-${createHash("sha256").update(source).update(flags.join(" ")).digest("hex").slice(0, 12)}`,
  );
  const bin = join(dir, `vbcalls-${name}`);
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${bin}.${process.pid}`;
    try {
      execFileSync(process.env.CC ?? "cc", ["-O0", "-fno-omit-frame-pointer", ...flags, "-o", tmp, SOURCE], {
        stdio: ["ignore", "ignore", "pipe"],
      });
    } catch (e) {
      const why = (e as { stderr?: Buffer }).stderr?.toString().trim() || (e as Error).message;
      throw new Error(
        `cannot build the calibration program from ${SOURCE} (a C compiler is needed: set CC or install gcc): ${why}`,
      );
    }
    renameSync(tmp, bin);
  }
  return bin;
}
