// The workbench's views on the demo (issue 32 item 3): every cold view at most
// 1 s on a quiet machine, every cached one at most 150 ms. The demo workspace is
// made as `varbench demo` makes it; each campaign's report names every analysis
// its views show, with the arguments the views pass (the report's provenance);
// each is then asked of the engine's worker as browser mode runs it (one worker
// for all, as the workbench keeps one): cold, with every kept result dropped but
// the runs' timelines (kept when a run is recorded), then again, cached. Wall
// times of the call alone; they depend on the machine's load, so this prints
// and does not fail.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { startEngineWorker } from "../engine/api/workerClient.js";
import { ApiError } from "../engine/errors/errors.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SCRIPT = new URL("../dist/cli/engineWorker.js", import.meta.url);
/** Issue 32 item 3's targets for one view, in ms of wall time. */
const COLD_TARGET = 1000;
const CACHED_TARGET = 150;

execFileSync(process.execPath, [join(ROOT, "build/scripts/build-engine.mjs")], { stdio: "inherit" });
const work = mkdtempSync(join(tmpdir(), "varbench-views-bench-"));
const ws = join(work, "demo");
const varbench = (...args: string[]) =>
  execFileSync(process.execPath, [join(ROOT, "bin", "varbench.js"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, VARBENCH_DEMO_DIR: ws, VARBENCH_CONFIG_DIR: work },
  });
const line = (k: string, v: string) => console.log(`${k.padEnd(62)} ${v}`);

/** Drops every kept result but the runs' timelines: the next call of any view computes its answer. */
function forget(): void {
  const db = new Database(join(ws, "varbench.sqlite"));
  db.prepare("DELETE FROM analyses WHERE kind != 'runTimelines'").run();
  db.close();
}

try {
  console.log("\nthe demo's views (wall time of each call to the engine's worker; cold: no kept result)");
  varbench("demo");
  const db = new Database(join(ws, "varbench.sqlite"), { readonly: true });
  const campaigns = db.prepare("SELECT id, name FROM campaigns ORDER BY id").all() as { id: number; name: string }[];
  db.close();
  const engine = await startEngineWorker(SCRIPT, ws, { localFiles: true, remember: false }, {});
  const missed: string[] = [];
  try {
    for (const c of campaigns) {
      const file = join(work, `report-${c.id}.json`);
      varbench("-w", ws, "report", String(c.id), "--format", "json", "-o", file);
      const report = JSON.parse(readFileSync(file, "utf8")) as {
        provenance: { analyses: { kind: string; args: unknown }[] };
      };
      for (const { kind, args } of report.provenance.analyses) {
        const label = `${c.name}: ${kind} ${describe(args)}`;
        forget();
        const cold = await timed(() => engine.invoke(`analyses.${kind}` as never, args as never));
        const cached = await timed(() => engine.invoke(`analyses.${kind}` as never, args as never));
        const over = cold.ms > COLD_TARGET || cached.ms > CACHED_TARGET;
        if (over) missed.push(label);
        const said = cold.refusal ? ` (its view says: ${cold.refusal.slice(0, 60)}…)` : "";
        line(
          label,
          `cold ${cold.ms.toFixed(0)} ms, cached ${cached.ms.toFixed(0)} ms${over ? "  ← MISSED" : ""}${said}`,
        );
      }
    }
  } finally {
    await engine.close();
  }
  line(
    "views over their targets (cold ≤ 1 s, cached ≤ 150 ms)",
    missed.length === 0 ? "none" : `${missed.length}: ${missed.join("; ")}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The call's wall time, and the refusal in words a view shows when the analysis cannot answer. */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; refusal: string | null }> {
  const t0 = performance.now();
  let refusal: string | null = null;
  try {
    await call();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    refusal = e.message;
  }
  return { ms: performance.now() - t0, refusal };
}

/** The design and workload an analysis is asked of, in a few words. */
function describe(args: unknown): string {
  const a = args as { a?: Target; b?: Target; target?: Target; campaignId?: number };
  const t = (x: Target) => `${x.design ?? ""}${x.workload ? `/${x.workload}` : ""}`;
  if (a.a && a.b) return `${t(a.a)} vs ${t(a.b)}`;
  if (a.target) return t(a.target);
  return "";
}

interface Target {
  readonly design?: string;
  readonly workload?: string | null;
}
