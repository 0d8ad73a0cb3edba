// What the Slurm campaign tests share (test/integration/slurm*.test.ts): the single-node cluster of
// test/helpers/slurm.ts started once per file, the campaign spec they run through it, the runs the
// workspace recorded and the cluster's queue. Each file starts its own cluster (own ports, sockets and
// folders), so the files may run at the same time.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "./cli.js";
import { buildExamples, EXAMPLES_BIN } from "./uftrace.js";
import { startSlurm, type SlurmCluster } from "./slurm.js";

export interface RunRow {
  id: number;
  status: string;
  design: string;
  repetition: number;
  warmup: boolean;
  message: string | null;
}

/** The file's cluster, or why it could not start (its tests are then skipped with that reason). */
export const slurm: { cluster: SlurmCluster | null; skip: string | false } = { cluster: null, skip: false };

/** Starts the file's cluster before its tests and stops it after them. */
export function useSlurmCluster(): void {
  before(async () => {
    const c = await startSlurm();
    if ("skip" in c) slurm.skip = c.skip;
    else slurm.cluster = c;
    buildExamples();
    // The CLI children find the cluster through SLURM_CONF, and look at the queue often.
    if (slurm.cluster) Object.assign(process.env, slurm.cluster.env, { VARBENCH_SLURM_POLL_MS: "300" });
  });
  after(() => slurm.cluster?.stop());
}

export function spec(
  dir: string,
  o: { argv: string[]; repetitions: number; timeout?: string; executor?: string },
): string {
  const file = join(dir, "slurm.yaml");
  writeFileSync(
    file,
    [
      "project: slurm-test",
      "designs:",
      "  - name: blocks-10",
      "    variables: { blocks: 10 }",
      "  - name: blocks-20",
      "    variables: { blocks: 20 }",
      "workloads:",
      "  - name: frames-20",
      `    argv: ${JSON.stringify(o.argv)}`,
      "    features: { frames: 20 }",
      `repetitions: ${o.repetitions}`,
      `timeout: ${o.timeout ?? "60s"}`,
      `executor: ${o.executor ?? "{ kind: slurm }"}`,
      "",
    ].join("\n"),
  );
  return file;
}

export const FRAME_LOOP = [join(EXAMPLES_BIN, "frame_loop"), "{frames}", "{blocks}"];

export function runs(ws: string): RunRow[] {
  const r = varbench(["-w", ws, "runs", "--campaign", "1", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as RunRow[];
}

export function queue(): string {
  return spawnSync("squeue", ["-h", "-o", "%i %T"], { encoding: "utf8" }).stdout.trim();
}
