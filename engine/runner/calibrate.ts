// uftrace's own cost per recorded call on this machine, measured once per
// uftrace version, host and record options, before a campaign's first traced
// run (verdict/toolCost.ts says what it is for). native/vbcalls.c makes N calls
// of an empty function: recorded at two N, the traced on-CPU time grows by the
// tracer's cost plus the call's own per extra recorded call; the plain build
// times the call's own, which is taken out. Five pairs, alternated, and their
// median: one pre-empted recording on a busy machine moves it little.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { DATA_ROOT } from "../io/projectRoot.js";
import { readTraceFile } from "../io/readTrace.js";
import { traceMeasures } from "../cct/traceMeasures.js";
import { findCalibration, saveCalibration, type CalibrationKey } from "../store/calibrations.js";
import type { Workspace } from "../store/workspace.js";
import { toolVersion } from "./profilers/toolVersion.js";

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

/** Measures uftrace's cost per call unless this workspace has it for this machine, version and options. */
export async function ensureUftraceCalibration(ws: Workspace, options: readonly string[], note: (message: string) => void): Promise<void> {
  const key = calibrationKey(options);
  if (findCalibration(ws.db, key) !== null) return;
  note(`Measuring uftrace's own cost per call on this machine, once for ${key.version} with these options (about ${PAIRS * 2} short recordings)…`);
  const patching = options.some((o) => PATCHING.has(o));
  const how = `${FEWER_CALLS.toLocaleString("en-US")} and ${MORE_CALLS.toLocaleString("en-US")} calls of an empty function recorded ${PAIRS} times each (a ${patching ? "-fpatchable-function-entry=5" : "-pg"} build, record options: ${options.join(" ") || "none"}), the median difference per call, less the call's own time in a plain build`;
  try {
    const nsPerCall = await measure(options, patching);
    if (nsPerCall === null) {
      const failure = "the recordings' calls did not grow with the calls made: the record options (a time filter such as -t, or a depth limit) leave such short calls out, so uftrace's cost per recorded call cannot be measured";
      saveCalibration(ws.db, key, { failure, how });
      note(`uftrace's cost per call could not be measured: ${failure}.`);
      return;
    }
    saveCalibration(ws.db, key, { ...nsPerCall, how });
    note(`uftrace costs about ${nsPerCall.nsPerCall.toFixed(0)} ns a recorded call here (${nsPerCall.low.toFixed(0)}–${nsPerCall.high.toFixed(0)} over ${PAIRS} pairs).`);
  } catch (e) {
    // The campaign goes on: its verdicts say the cost is unknown, and why.
    const failure = `the calibration failed: ${(e as Error).message}`;
    saveCalibration(ws.db, key, { failure, how });
    note(`uftrace's cost per call could not be measured (${failure}); the campaign's verdicts will say so.`);
  }
}

async function measure(options: readonly string[], patching: boolean): Promise<{ nsPerCall: number; low: number; high: number } | null> {
  const dir = mkdtempSync(join(tmpdir(), "varbench-calibrate-"));
  try {
    const traced = build(patching ? ["-fpatchable-function-entry=5"] : ["-pg"], patching ? "patch" : "pg");
    const plain = build([], "plain");
    const perCall: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const few = await record(traced, FEWER_CALLS, options, join(dir, `few-${i}`));
      const many = await record(traced, MORE_CALLS, options, join(dir, `many-${i}`));
      const calls = many.calls - few.calls;
      // A time filter or depth limit leaves (most of) the extra calls unrecorded: no cost per recorded call.
      if (calls < RECORDED_SHARE * (MORE_CALLS - FEWER_CALLS)) return null;
      perCall.push((many.ns - few.ns) / calls);
    }
    let own = Infinity;
    for (let i = 0; i < PAIRS; i++) own = Math.min(own, Number((await run(plain, [String(MORE_CALLS), "time"])).trim()) / MORE_CALLS);
    const sorted = perCall.map((p) => Math.max(0, p - own)).sort((a, b) => a - b);
    return { nsPerCall: sorted[(PAIRS - 1) / 2], low: sorted[0], high: sorted[PAIRS - 1] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function record(binary: string, calls: number, options: readonly string[], data: string): Promise<{ ns: number; calls: number }> {
  await run("uftrace", ["record", "-d", data, ...options, "--", binary, String(calls)]);
  const m = traceMeasures((await readTraceFile(data)).cct);
  return { ns: m["trace-cpu"], calls: m.calls };
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
  const dir = join(tmpdir(), `varbench-vbcalls-${createHash("sha256").update(source).update(flags.join(" ")).digest("hex").slice(0, 12)}`);
  const bin = join(dir, `vbcalls-${name}`);
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${bin}.${process.pid}`;
    try {
      execFileSync(process.env.CC ?? "cc", ["-O0", "-fno-omit-frame-pointer", ...flags, "-o", tmp, SOURCE], { stdio: ["ignore", "ignore", "pipe"] });
    } catch (e) {
      const why = (e as { stderr?: Buffer }).stderr?.toString().trim() || (e as Error).message;
      throw new Error(`cannot build the calibration program from ${SOURCE} (a C compiler is needed: set CC or install gcc): ${why}`);
    }
    renameSync(tmp, bin);
  }
  return bin;
}
