// Runner overhead (issue 3): 200 runs of /bin/true through a campaign against
// 200 bare spawns in the same run. A run's cost is the time from the previous
// run's finish to its own (claim, helper, process, artifacts, the finishing
// transaction); the bare cost is one spawnSync. Reports the medians and the
// median extra cost per run (target < 10 ms).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "simple-statistics";
import { Workspace } from "../engine/store/workspace.js";
import { createCampaign } from "../engine/store/campaigns.js";
import { planCampaign } from "../engine/runner/planCampaign.js";
import { campaignSpecSchema } from "../engine/campaign/spec.js";
import { runCampaign } from "../engine/runner/runCampaign.js";

const RUNS = 200;
const dir = mkdtempSync(join(tmpdir(), "varbench-runner-bench-"));
try {
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    spawnSync("/bin/true");
    bare.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const ws = Workspace.init(join(dir, "ws"));
  const spec = campaignSpecSchema.parse({
    project: "bench",
    designs: [{ name: "d" }],
    workloads: [{ name: "true", argv: ["/bin/true"] }],
    repetitions: RUNS,
    order: "sequential",
  });
  const id = createCampaign(ws.db, spec, "overhead", 1, planCampaign(spec, dir, 1, "bench"), dir);
  const finished: number[] = [];
  let last = performance.now();
  await runCampaign(ws, id, (e) => {
    if (e.kind !== "run-finished") return;
    const now = performance.now();
    finished.push(now - last);
    last = now;
  });
  ws.close();
  const perRun = finished.slice(1); // the first includes the helper's build and warm-up
  const line = (k: string, v: string) => console.log(`${k.padEnd(44)} ${v}`);
  console.log(`\nrunner overhead (${RUNS} runs of /bin/true)`);
  line("bare spawnSync, median", `${median(bare).toFixed(2)} ms`);
  line("through a campaign, median per run", `${median(perRun).toFixed(2)} ms`);
  line("median extra cost per run", `${(median(perRun) - median(bare)).toFixed(2)} ms (target < 10 ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
