// A campaign whose spec says `executor: slurm`, run as runCampaign runs a
// local one: the designs built once (in the shared folder, where the nodes
// find them), the same progress events, and the queue's state as a note each
// time it changes.
import { join } from "node:path";
import type { Workspace } from "../../store/workspace.js";
import { runCounts } from "../../store/campaigns.js";
import { durationMs, type CampaignSpec } from "../../campaign/spec.js";
import type { SlurmExecutorSpec } from "../../campaign/executor.js";
import { PROJECT_ROOT } from "../../io/projectRoot.js";
import type { ClaimedRun } from "../../store/campaigns.js";
import { runSlurmCampaign, type SlurmExecutor } from "./slurmCampaign.js";

/** The events of a local campaign (runCampaign's CampaignEvent) this runner sends. */
type Progress = { counts: Record<string, number>; etaMs: number | null };
export type SlurmRunnerEvent =
  | ({ kind: "run-started"; run: ClaimedRun } & Progress)
  | ({ kind: "run-finished"; run: ClaimedRun; status: string } & Progress)
  | { kind: "interrupted-requeued"; runIds: readonly number[] }
  | { kind: "note"; message: string };

/** runCampaign's design builds, into the folder given per design. */
export type BuildDesigns = (dirOf: (design: string) => string) => Promise<void>;

/** Between two looks at Slurm's queue; VARBENCH_SLURM_POLL_MS overrides it (tests look more often). */
const POLL_MS = 2000;
/** Beyond the run's own timeout, the time a task needs to start and to hand in its result. */
const TASK_MARGIN_MS = 60_000;

export async function runOnSlurm(
  ws: Workspace,
  campaignId: number,
  spec: CampaignSpec & { executor: SlurmExecutorSpec },
  build: BuildDesigns,
  onEvent: (e: SlurmRunnerEvent) => void,
  signal?: AbortSignal,
): Promise<string> {
  const executor = slurmExecutor(ws, spec.executor, durationMs(spec.timeout));
  await build((design) => join(executor.sharedDir, "builds", `campaign-${campaignId}`, design));
  const progress = () => ({ counts: runCounts(ws.db, campaignId), etaMs: null });
  let lastNote = "";
  return runSlurmCampaign(
    ws,
    campaignId,
    executor,
    (e) => {
      if (e.kind === "run-started") return onEvent({ kind: "run-started", run: e.run, ...progress() });
      if (e.kind === "run-finished")
        return onEvent({ kind: "run-finished", run: e.run, status: e.status, ...progress() });
      if (e.kind === "interrupted-requeued") return onEvent(e);
      const note =
        e.pending + e.running === 0
          ? ""
          : `Slurm: ${e.running} run(s) running, ${e.pending} waiting in the queue${e.reasons.length ? ` (${e.reasons.join(", ")})` : ""}`;
      if (note && note !== lastNote) onEvent({ kind: "note", message: note });
      lastNote = note;
    },
    signal,
  );
}

export function slurmExecutor(ws: Workspace, spec: SlurmExecutorSpec, timeoutMs: number): SlurmExecutor {
  const poll = Number(process.env.VARBENCH_SLURM_POLL_MS);
  return {
    partition: spec.partition,
    account: spec.account,
    timeLimitMinutes: spec.timeLimitMinutes ?? Math.ceil((timeoutMs + TASK_MARGIN_MS) / 60_000),
    cpusPerRun: spec.cpusPerRun,
    exclusive: spec.exclusive,
    sbatchOptions: spec.sbatchOptions,
    sharedDir: spec.sharedDir ?? join(ws.dir, "slurm"),
    // The nodes start Varbench from this installation (at a path they share): Node and the built command
    // line, or the installed app, which is the command line itself.
    varbench: process.versions.electron
      ? [process.execPath]
      : [process.execPath, join(PROJECT_ROOT, "dist", "cli", "main.js")],
    env: process.env,
    pollMs: Number.isFinite(poll) && poll > 0 ? poll : POLL_MS,
  };
}
