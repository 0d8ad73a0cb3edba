// The command line as users run it (issue 10): whole processes, CPU time
// (user + sys, from wait4 through the runner's own helper), each side in a
// process of its own, alternating with `uftrace report` over the same
// recording so drift in the machine hits both alike.
// - `varbench --help`: under 150 ms of CPU (median of 7).
// - A command that calls the engine on a tiny trace (`varbench cct <frame_loop
//   fixture> --limit 3`, 296 KB) against `node -e 0`, the cost of starting
//   Node at all: at most 2× its CPU (issue 32 item 1; median ratio of 7
//   alternating pairs).
// - `varbench cct <recording>` end to end against `uftrace report`: at least
//   6× on a 25 M-event recording and 8× on a ≥ 50 M-event one (median ratio of 5 pairs).
// `--start`: the first two only (a minute, where recording and reading 76 M events takes many).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "simple-statistics";
import { runProcess } from "../engine/runner/runProcess.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PAIRS = 5;
const HELP_RUNS = 7;
const START_PAIRS = 7;
/** Issue 32 item 1: a command on a tiny trace costs at most twice Node's own start. */
const START_TARGET = 2;
/** Only the start measurements: --help and the tiny trace. */
const START_ONLY = process.argv.includes("--start");
const TINY_TRACE = join(ROOT, "test/fixtures/uftrace/0.13/frame_loop");
// frame_loop makes about 206 events per frame at 200 blocks (GOP of 12 frames).
const SIZES = [
  { label: "25 M events", frames: 125_000, target: 6 },
  { label: "51 M events", frames: 250_000, target: 8 },
];

execFileSync("bash", [join(ROOT, "build/scripts/install-system-deps.sh")], { stdio: "inherit" });
execFileSync("make", ["-s", "-C", join(ROOT, "examples")], { stdio: "inherit" });
execFileSync(process.execPath, [join(ROOT, "build/scripts/build-engine.mjs")], { stdio: "inherit" });
const work = mkdtempSync(join(tmpdir(), "varbench-cli-bench-"));
const line = (k: string, v: string) => console.log(`${k.padEnd(48)} ${v}`);

/** CPU time (user + sys) and wall time of one whole process, in ms; throws when it fails. */
async function measure(argv: readonly string[]): Promise<{ cpu: number; wall: number }> {
  const r = await runProcess({
    argv,
    cwd: ROOT,
    env: process.env as Record<string, string>,
    timeoutMs: 600_000,
    stdoutFile: join(work, "out"),
    stderrFile: join(work, "err"),
  });
  if (r.outcome.kind !== "exited" || r.outcome.code !== 0)
    throw new Error(`${argv.join(" ")}: ${JSON.stringify(r.outcome)} ${r.stderrTail}`);
  return { cpu: (r.userNs! + r.sysNs!) / 1e6, wall: r.wallNs! / 1e6 };
}

const varbench = (...args: string[]) => [process.execPath, join(ROOT, "bin", "varbench.js"), ...args];

try {
  console.log(
    `\ncommand-line benchmark (whole processes, CPU time; ${PAIRS} alternating pairs against uftrace report)`,
  );
  const help: number[] = [];
  for (let i = 0; i < HELP_RUNS; i++) help.push((await measure(varbench("--help"))).cpu);
  line(
    "varbench --help, CPU (median)",
    `${median(help).toFixed(0)} ms (target < 150 ms; all: ${help.map((x) => x.toFixed(0)).join(" ")})`,
  );
  const starts: { ours: number; node: number }[] = [];
  for (let i = 0; i < START_PAIRS; i++)
    starts.push({
      ours: (await measure(varbench("cct", TINY_TRACE, "--limit", "3"))).cpu,
      node: (await measure([process.execPath, "-e", "0"])).cpu,
    });
  const startRatios = starts.map((p) => p.ours / p.node).sort((a, b) => a - b);
  line(
    "varbench cct <tiny trace>, CPU (median)",
    `${median(starts.map((p) => p.ours)).toFixed(0)} ms (node -e 0: ${median(starts.map((p) => p.node)).toFixed(0)} ms)`,
  );
  line(
    "ratio varbench cct <tiny trace> / node -e 0",
    `${startRatios[START_PAIRS >> 1].toFixed(2)}× CPU (target ≤ ${START_TARGET}×; pairs: ${startRatios.map((r) => `${r.toFixed(2)}×`).join(" ")})`,
  );
  for (const size of START_ONLY ? [] : SIZES) {
    const dir = join(work, `frames-${size.frames}`);
    execFileSync(
      "uftrace",
      ["record", "--no-event", "-d", dir, join(ROOT, "examples/build/frame_loop"), String(size.frames), "200"],
      { stdio: "ignore" },
    );
    const pairs: { ours: { cpu: number; wall: number }; peer: { cpu: number; wall: number } }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const ours = await measure(varbench("cct", dir, "--limit", "20"));
      const peer = await measure(["uftrace", "report", "-d", dir]);
      pairs.push({ ours, peer });
    }
    const ratios = (k: "cpu" | "wall") => pairs.map((p) => p.peer[k] / p.ours[k]).sort((a, b) => a - b);
    const [cpu, wall] = [ratios("cpu"), ratios("wall")];
    line(
      `varbench cct, ${size.label}, CPU (median)`,
      `${median(pairs.map((p) => p.ours.cpu)).toFixed(0)} ms (wall ${median(pairs.map((p) => p.ours.wall)).toFixed(0)} ms)`,
    );
    line(
      `uftrace report, ${size.label}, CPU (median)`,
      `${median(pairs.map((p) => p.peer.cpu)).toFixed(0)} ms (wall ${median(pairs.map((p) => p.peer.wall)).toFixed(0)} ms)`,
    );
    line(
      `ratio uftrace report / varbench cct, ${size.label}`,
      `${cpu[PAIRS >> 1].toFixed(2)}× CPU (target ≥ ${size.target}×; pairs: ${cpu.map((r) => `${r.toFixed(2)}×`).join(" ")})`,
    );
    line(
      `  the same in wall time`,
      `${wall[PAIRS >> 1].toFixed(2)}× (pairs: ${wall.map((r) => `${r.toFixed(2)}×`).join(" ")})`,
    );
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
