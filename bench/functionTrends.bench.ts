// CF-TrendProf as users run it (issue 13): `varbench trends <campaign>
// --functions`, a whole process reading every run's uftrace trace once more
// and choosing models, against `uftrace report` over traces of the same
// commands (the peer: one pass over the same events, per function totals
// only). Bubble sort on 500 to 4,000 ints, about 8.6 million events in all.
// Pairs alternate so drift in the machine hits both alike; the analyses table
// is emptied before each of ours, so nothing is served from the cache.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { median } from "simple-statistics";
import { runProcess } from "../engine/runner/runProcess.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PAIRS = 5;
const SIZES = [500, 1000, 2000, 4000];

execFileSync("bash", [join(ROOT, "build/scripts/install-system-deps.sh")], { stdio: "inherit" });
execFileSync("make", ["-s", "-C", join(ROOT, "examples")], { stdio: "inherit" });
execFileSync(process.execPath, [join(ROOT, "build/scripts/build-engine.mjs")], { stdio: "inherit" });
const work = mkdtempSync(join(tmpdir(), "varbench-cf-bench-"));
const line = (k: string, v: string) => console.log(`${k.padEnd(52)} ${v}`);
const env = { ...(process.env as Record<string, string>), VARBENCH_CONFIG_DIR: join(work, "config") };

async function measure(argv: readonly string[]): Promise<{ cpu: number; wall: number; rssMiB: number }> {
  const r = await runProcess({
    argv,
    cwd: ROOT,
    env,
    timeoutMs: 600_000,
    stdoutFile: join(work, "out"),
    stderrFile: join(work, "err"),
  });
  if (r.outcome.kind !== "exited" || r.outcome.code !== 0)
    throw new Error(`${argv.join(" ")}: ${JSON.stringify(r.outcome)} ${r.stderrTail}`);
  return { cpu: (r.userNs! + r.sysNs!) / 1e6, wall: r.wallNs! / 1e6, rssMiB: (r.maxRssKb ?? 0) / 1024 };
}

try {
  const bsort = join(ROOT, "examples", "build", "bsort");
  const spec = join(work, "bsort.yaml");
  writeFileSync(
    spec,
    [
      "project: bench",
      "name: bsort-cf",
      "designs: [{ name: O0 }]",
      "workloads:",
      ...SIZES.map((n) => `  - { name: n-${n}, argv: ["${bsort}", "${n}", "1"], features: { n: ${n} } }`),
      "repetitions: 1",
      "profiler: { name: uftrace, options: [--no-event] }",
      "timeout: 300s",
      "",
    ].join("\n"),
  );
  const ws = join(work, "ws");
  const varbench = (...args: string[]) => [process.execPath, join(ROOT, "bin", "varbench.js"), "-w", ws, ...args];
  execFileSync(process.execPath, [join(ROOT, "bin", "varbench.js"), "workspace", "init", ws], { env, stdio: "ignore" });
  execFileSync(process.execPath, varbench("campaign", "run", spec).slice(1), { env, stdio: "ignore" });
  const dirs = SIZES.map((n) => {
    const dir = join(work, `peer-${n}`);
    execFileSync("uftrace", ["record", "--no-event", "-d", dir, bsort, String(n), "1"], { stdio: "ignore" });
    return dir;
  });
  const pairs: { ours: Awaited<ReturnType<typeof measure>>; peer: { cpu: number; wall: number } }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const db = new Database(join(ws, "varbench.sqlite"));
    db.prepare("DELETE FROM analyses").run();
    db.close();
    const ours = await measure(varbench("trends", "1", "--functions"));
    const peer = { cpu: 0, wall: 0 };
    for (const dir of dirs) {
      const p = await measure(["uftrace", "report", "-d", dir]);
      peer.cpu += p.cpu;
      peer.wall += p.wall;
    }
    pairs.push({ ours, peer });
  }
  const ratios = pairs.map((p) => p.peer.cpu / p.ours.cpu).sort((a, b) => a - b);
  console.log(
    `\nCF-TrendProf benchmark (whole processes, CPU time; ${PAIRS} alternating pairs; bubble sort on ${SIZES.join(", ")} ints)`,
  );
  line(
    "varbench trends --functions, CPU (median)",
    `${median(pairs.map((p) => p.ours.cpu)).toFixed(0)} ms (wall ${median(pairs.map((p) => p.ours.wall)).toFixed(0)} ms)`,
  );
  line(
    "uftrace report over the same commands' traces, CPU",
    `${median(pairs.map((p) => p.peer.cpu)).toFixed(0)} ms (wall ${median(pairs.map((p) => p.peer.wall)).toFixed(0)} ms)`,
  );
  line(
    "ratio uftrace report / varbench trends --functions",
    `${ratios[PAIRS >> 1].toFixed(2)}× CPU (no target set; pairs: ${ratios.map((r) => `${r.toFixed(2)}×`).join(" ")})`,
  );
  line("varbench peak resident memory (largest)", `${Math.max(...pairs.map((p) => p.ours.rssMiB)).toFixed(0)} MiB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
