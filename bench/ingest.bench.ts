// Ingestion benchmark (issue 2): a trace of ≥ 25 million events recorded from
// examples/frame_loop, then, in the same run and over the same directory,
// `uftrace report` (the peer) and Varbench's uftrace → CCT with covariance.
// Reports events per second of both, their ratio (target ≥ 4×, aim 8×) and
// Varbench's peak memory at two trace sizes (it must not grow with events).
// Peer and Varbench runs alternate, and the ratio is the median of the pairs'
// ratios, so drift in the machine's speed hits both sides alike. Last, the
// Chrome export of the smaller trace is read, to show the streaming reader's
// peak memory against the file's size.
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PAIRS = 5;
// frame_loop makes about 206 events per frame at 200 blocks (GOP of 12 frames).
const SIZES = [
  { label: "large", frames: 125_000 },
  { label: "quarter", frames: 31_250 },
];

execFileSync("bash", [join(ROOT, "build/scripts/install-system-deps.sh")], { stdio: "inherit" });
execFileSync("make", ["-s", "-C", join(ROOT, "examples")], { stdio: "inherit" });
const work = mkdtempSync(join(tmpdir(), "varbench-bench-"));

try {
  const results = SIZES.map((size) => {
    const dir = join(work, size.label);
    execFileSync(
      "uftrace",
      ["record", "--no-event", "-d", dir, join(ROOT, "examples/build/frame_loop"), String(size.frames), "200"],
      { stdio: "ignore" },
    );
    if (size.label !== "large") return { size, ours: ingest(dir), pairs: [] };
    const pairs = Array.from({ length: PAIRS }, () => {
      const ours = ingest(dir);
      return { ours, peer: uftraceReport(dir, ours.events) };
    });
    return { size, ours: pairs.reduce((a, b) => (b.ours.maxRssKb > a.ours.maxRssKb ? b : a)).ours, pairs };
  });
  const large = results[0];
  if (large.ours.events < 25_000_000) throw new Error(`trace has ${large.ours.events} events, fewer than 25 million`);
  const rate = (r: { events: number; ms: number }) => r.events / (r.ms / 1000);
  const byRatio = large.pairs
    .map((p) => ({ ...p, ratio: rate(p.ours) / rate(p.peer) }))
    .sort((a, b) => a.ratio - b.ratio);
  const mid = byRatio[PAIRS >> 1];
  const line = (k: string, v: string) => console.log(`${k.padEnd(44)} ${v}`);
  console.log(`\ningestion benchmark (${PAIRS} alternating pairs, one core each; median pair shown)`);
  line("events in the large trace", large.ours.events.toLocaleString("en"));
  line("uftrace report", `${(rate(mid.peer) / 1e6).toFixed(2)} M events/s (${mid.peer.ms.toFixed(0)} ms)`);
  line(
    "varbench uftrace → CCT with covariance",
    `${(rate(mid.ours) / 1e6).toFixed(2)} M events/s (${mid.ours.ms.toFixed(0)} ms)`,
  );
  line("ratio varbench / uftrace report, median", `${mid.ratio.toFixed(2)}× (target ≥ 4×, aim 8×)`);
  line("ratio, all pairs", byRatio.map((p) => `${p.ratio.toFixed(2)}×`).join(" "));
  for (const r of results) {
    line(
      `varbench peak RSS, ${r.size.label} trace (${(r.ours.events / 1e6).toFixed(1)} M events)`,
      `${(r.ours.maxRssKb / 1024).toFixed(0)} MiB`,
    );
  }
  line("peak RSS large / quarter (events ×4)", `${(results[0].ours.maxRssKb / results[1].ours.maxRssKb).toFixed(2)}×`);
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

function ingest(dir: string): { events: number; ms: number; maxRssKb: number } {
  const out = execFileSync(process.execPath, ["--import", "tsx", join(ROOT, "bench/ingestOnce.ts"), dir], {
    encoding: "utf8",
    cwd: ROOT,
  });
  return JSON.parse(out.trim().split("\n").pop()!);
}

function uftraceReport(dir: string, events: number): { events: number; ms: number } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync("uftrace", ["report", "-d", dir], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("uftrace report failed");
  return { events, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}
