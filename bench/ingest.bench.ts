// Ingestion benchmark (issues 2, 10 and 32 item 2): traces recorded from
// examples/frame_loop (25 M and 51 M events, and a quarter of the first),
// then, over the same directory, `uftrace report` (the peer) and `varbench
// cct <dir>` as users run them: whole processes, CPU time (user + sys of each
// child, from wait4 through the runner's helper), alternating in pairs so
// drift in the machine's speed hits both sides alike; the ratio is the median
// of the pairs' ratios (targets: 6× at 25 M events, 8× at ≥ 50 M). Beside
// them, the ingestion alone (uftrace → CCT with covariance in a process of
// its own, its CPU for the read only) shows how much of the command is the
// read and how much is its start, its worker and its output. Peak memory of
// the whole command at two trace sizes shows it does not grow with events.
// Last, the Chrome export of the quarter trace is read, to show the streaming
// reader's peak memory against the file's size.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "simple-statistics";
import { runProcess } from "../engine/runner/runProcess.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PAIRS = 5;
// frame_loop makes about 206 events per frame at 200 blocks (GOP of 12 frames).
const SIZES = [
  { label: "25 M", frames: 125_000, minEvents: 25_000_000, target: 6 },
  { label: "51 M", frames: 250_000, minEvents: 50_000_000, target: 8 },
  { label: "quarter", frames: 31_250, minEvents: 0, target: 0 },
];

execFileSync("bash", [join(ROOT, "build/scripts/install-system-deps.sh")], { stdio: "inherit" });
execFileSync("make", ["-s", "-C", join(ROOT, "examples")], { stdio: "inherit" });
execFileSync(process.execPath, [join(ROOT, "build/scripts/build-engine.mjs")], { stdio: "inherit" });
const work = mkdtempSync(join(tmpdir(), "varbench-bench-"));
const line = (k: string, v: string) => console.log(`${k.padEnd(50)} ${v}`);
const all = (xs: readonly number[], f: (x: number) => string) => xs.map(f).join(" ");

interface Cost {
  /** CPU time, user + sys, in ms. */
  readonly cpu: number;
  readonly wall: number;
  readonly maxRssKb: number;
}

try {
  console.log(`\ningestion benchmark (whole processes, CPU time user + sys; ${PAIRS} alternating pairs)`);
  const peaks: { label: string; events: number; maxRssKb: number }[] = [];
  for (const size of SIZES) {
    const dir = join(work, size.label);
    execFileSync(
      "uftrace",
      ["record", "--no-event", "-d", dir, join(ROOT, "examples/build/frame_loop"), String(size.frames), "200"],
      { stdio: "ignore" },
    );
    const events = ingest(dir).events;
    if (events < size.minEvents) throw new Error(`trace has ${events} events, fewer than ${size.minEvents}`);
    if (size.target === 0) {
      peaks.push({ label: size.label, events, maxRssKb: (await command(dir)).maxRssKb });
      continue; // kept for the Chrome export below
    }
    const pairs: { ours: Cost; peer: Cost; read: number }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const ours = await command(dir);
      const peer = await measure(["uftrace", "report", "-d", dir]);
      pairs.push({ ours, peer, read: ingest(dir).cpuMs });
    }
    peaks.push({ label: size.label, events, maxRssKb: Math.max(...pairs.map((p) => p.ours.maxRssKb)) });
    const cpu = pairs.map((p) => p.peer.cpu / p.ours.cpu).sort((a, b) => a - b);
    const wall = pairs.map((p) => p.peer.wall / p.ours.wall).sort((a, b) => a - b);
    const reads = pairs.map((p) => p.read);
    const mid = (k: "ours" | "peer") => median(pairs.map((p) => p[k].cpu));
    const rate = (ms: number) => `${(events / ms / 1e3).toFixed(1)} M events/s`;
    line(`events, ${size.label} trace`, events.toLocaleString("en"));
    line(`  uftrace report, CPU (median)`, `${mid("peer").toFixed(0)} ms (${rate(mid("peer"))})`);
    line(`  varbench cct, CPU (median)`, `${mid("ours").toFixed(0)} ms (${rate(mid("ours"))})`);
    line(
      `  of which the read alone, CPU (median)`,
      `${median(reads).toFixed(0)} ms (${rate(median(reads))}; all: ${all(reads, (x) => x.toFixed(0))})`,
    );
    line(
      `  ratio uftrace report / varbench cct, CPU`,
      `${cpu[PAIRS >> 1].toFixed(2)}× (target ≥ ${size.target}×; pairs: ${all(cpu, (r) => `${r.toFixed(2)}×`)})`,
    );
    line(`  the same in wall time`, `${wall[PAIRS >> 1].toFixed(2)}× (pairs: ${all(wall, (r) => `${r.toFixed(2)}×`)})`);
    rmSync(dir, { recursive: true, force: true });
  }
  for (const p of peaks)
    line(
      `varbench cct peak RSS, ${p.label} (${(p.events / 1e6).toFixed(1)} M events)`,
      `${(p.maxRssKb / 1024).toFixed(0)} MiB`,
    );
  const quarter = peaks.find((p) => p.label === "quarter")!;
  line("peak RSS 25 M / quarter (events ×4)", `${(peaks[0].maxRssKb / quarter.maxRssKb).toFixed(2)}×`);
  const rate = (r: { events: number; ms: number }) => r.events / (r.ms / 1000);
  const json = join(work, "quarter.json");
  const out = openSync(json, "w");
  execFileSync("uftrace", ["dump", "--chrome", "-d", join(work, "quarter")], { stdio: ["ignore", out, "ignore"] });
  closeSync(out);
  // The Chrome reader as the uftrace side is measured: a process per read, PAIRS reads, the median shown.
  const chrome = Array.from({ length: PAIRS }, () => ingest(json)).sort((a, b) => rate(a) - rate(b));
  const chromeMid = chrome[PAIRS >> 1];
  const chromePeakKb = Math.max(...chrome.map((r) => r.maxRssKb));
  line(
    "Chrome JSON of the quarter trace",
    `${(statSync(json).size / 2 ** 20).toFixed(0)} MiB, ${(chromeMid.events / 1e6).toFixed(1)} M events`,
  );
  line(
    "varbench Chrome JSON → CCT, median",
    `${(rate(chromeMid) / 1e6).toFixed(2)} M events/s (${chromeMid.ms.toFixed(0)} ms; target: median ≥ 12 M events/s)`,
  );
  line("Chrome reads, all", chrome.map((r) => `${(rate(r) / 1e6).toFixed(2)}`).join(" ") + " M events/s");
  line(
    "varbench peak RSS, Chrome JSON",
    `${(chromePeakKb / 1024).toFixed(0)} MiB (the file: ${(statSync(json).size / 2 ** 20).toFixed(0)} MiB)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** One ingestion in a process of its own (ingestOnce.ts): its events, wall and CPU time of the read, peak memory. */
function ingest(dir: string): { events: number; ms: number; cpuMs: number; maxRssKb: number } {
  const out = execFileSync(process.execPath, ["--import", "tsx", join(ROOT, "bench/ingestOnce.ts"), dir], {
    encoding: "utf8",
    cwd: ROOT,
  });
  return JSON.parse(out.trim().split("\n").pop()!);
}

/** CPU time (user + sys), wall time and peak memory of one whole process; throws when it fails. */
async function measure(argv: readonly string[]): Promise<Cost> {
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
  return { cpu: (r.userNs! + r.sysNs!) / 1e6, wall: r.wallNs! / 1e6, maxRssKb: r.maxRssKb! };
}

/** `varbench cct <dir>` as a user runs it (the compiled command line, bin/varbench.js). */
function command(dir: string): Promise<Cost> {
  return measure([process.execPath, join(ROOT, "bin", "varbench.js"), "cct", dir, "--limit", "20"]);
}
