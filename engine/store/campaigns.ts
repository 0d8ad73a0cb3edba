// Campaign rows and their queue of runs. Every state change of a run is one
// transaction: claimed (queued → running), finished (running → a final status,
// with all its numbers and artifacts), or interrupted (running → interrupted,
// plus a fresh queued attempt at the same place), so a crash never leaves half
// a run and no planned run is lost or done twice.
import { writeTransaction, type Db } from "./database.js";
import type { PlannedRun, RunPlan } from "../campaign/runPlan.js";
import { ensureDesign, ensureProject, ensureWorkload } from "./repositories.js";
import type { CampaignSpec } from "../campaign/spec.js";

const now = () => new Date().toISOString();

export interface CampaignRow {
  readonly id: number;
  readonly projectId: number;
  readonly project: string;
  readonly name: string;
  readonly status: string;
  readonly seed: number;
  readonly runnerPid: number | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly spec: CampaignSpec;
  /** Folder of the spec the campaign was planned from; null for campaigns older than migration 4. */
  readonly specDir: string | null;
  /** The spec-planned campaign this one was launched from (workbench); null: planned from its own spec. */
  readonly templateId: number | null;
}

export interface ClaimedRun {
  readonly id: number;
  readonly ordinal: number;
  readonly attempt: number;
  readonly design: string;
  readonly workload: string;
  readonly warmup: boolean;
  readonly plan: RunPlan;
}

export function createCampaign(
  db: Db,
  spec: CampaignSpec,
  name: string,
  seed: number,
  runs: readonly PlannedRun[],
  specDir: string,
  templateId: number | null = null,
): number {
  return writeTransaction(db, () => {
    const projectId = ensureProject(db, spec.project);
    const id = Number(
      db
        .prepare(
          "INSERT INTO campaigns (project_id, name, spec_json, spec_dir, template_id, seed, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?)",
        )
        .run(projectId, name, JSON.stringify(spec), specDir, templateId, seed, now()).lastInsertRowid,
    );
    for (const w of spec.workloads) {
      const wid = ensureWorkload(db, projectId, w.name);
      db.prepare(
        "UPDATE workloads SET argv_json = ?, cwd = ?, env_json = ?, inputs_json = ?, features_json = ?, requests = ? WHERE id = ?",
      ).run(
        JSON.stringify(w.argv ?? []),
        w.cwd ?? null,
        JSON.stringify(w.env ?? {}),
        JSON.stringify(w.inputs ?? []),
        JSON.stringify(w.features ?? {}),
        w.requests ?? null,
        wid,
      );
    }
    for (const d of spec.designs) {
      db.prepare("UPDATE designs SET variables_json = ? WHERE id = ?").run(
        JSON.stringify(d.variables ?? {}),
        ensureDesign(db, projectId, d.name),
      );
    }
    const insert = db.prepare(
      `INSERT INTO runs (project_id, campaign_id, workload_id, design_id, repetition, ordinal, warmup, status, plan_json, features_json, role, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)`,
    );
    for (const r of runs) {
      const features = spec.workloads.find((w) => w.name === r.workload)?.features ?? {};
      insert.run(
        projectId,
        id,
        ensureWorkload(db, projectId, r.workload),
        ensureDesign(db, projectId, r.design),
        r.repetition,
        r.ordinal,
        r.warmup ? 1 : 0,
        JSON.stringify(r.plan),
        JSON.stringify(features),
        r.role ?? null,
        now(),
      );
    }
    return id;
  });
}

/** Takes the next queued run of the campaign for this runner, or null when none is left. */
export function claimNextRun(db: Db, campaignId: number, runnerPid: number): ClaimedRun | null {
  return writeTransaction(db, () => {
    const row = db
      .prepare(
        `SELECT r.id, r.ordinal, r.attempt, r.warmup, r.plan_json AS planJson, w.name AS workload, d.name AS design
         FROM runs r JOIN workloads w ON w.id = r.workload_id JOIN designs d ON d.id = r.design_id
         WHERE r.campaign_id = ? AND r.status = 'queued' ORDER BY r.ordinal LIMIT 1`,
      )
      .get(campaignId) as
      | {
          id: number;
          ordinal: number;
          attempt: number;
          warmup: number;
          planJson: string;
          workload: string;
          design: string;
        }
      | undefined;
    if (!row) return null;
    db.prepare("UPDATE runs SET status = 'running', runner_pid = ?, started_at = ? WHERE id = ?").run(
      runnerPid,
      now(),
      row.id,
    );
    return {
      id: row.id,
      ordinal: row.ordinal,
      attempt: row.attempt,
      design: row.design,
      workload: row.workload,
      warmup: row.warmup === 1,
      plan: JSON.parse(row.planJson) as RunPlan,
    };
  });
}

export function recordProcessGroup(db: Db, runId: number, pgid: number): void {
  db.prepare("UPDATE runs SET pgid = ? WHERE id = ?").run(pgid, runId);
}

export interface RunOutcome {
  readonly status: "succeeded" | "failed" | "timed-out" | "cancelled";
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly wallNs: number | null;
  readonly userNs: number | null;
  readonly sysNs: number | null;
  readonly peakRssKb: number | null;
  readonly voluntarySwitches: number | null;
  readonly involuntarySwitches: number | null;
  readonly environment: Record<string, unknown>;
  readonly features: Record<string, number>;
  /** What the profiler measured beyond rusage (campaign/measures.ts), by measure name. */
  readonly measures: Record<string, number>;
  readonly message: string | null;
  readonly stdoutTail: string;
  readonly stderrTail: string;
  readonly artifacts: readonly {
    kind: string;
    name: string;
    path: string;
    sha256: string;
    sizeBytes: number;
    mediaType: string;
  }[];
}

/** A run's whole result in one transaction. */
/** What a run in progress is doing that its status does not say (waiting in a Slurm queue); null clears it. */
export function noteRunningRun(db: Db, runId: number, message: string | null): void {
  db.prepare("UPDATE runs SET message = ? WHERE id = ? AND status = 'running'").run(message, runId);
}

export function finishRun(db: Db, runId: number, o: RunOutcome): void {
  writeTransaction(db, () => {
    const features = {
      ...(JSON.parse(
        (db.prepare("SELECT features_json AS f FROM runs WHERE id = ?").get(runId) as { f: string }).f,
      ) as object),
      ...o.features,
    };
    db.prepare(
      `UPDATE runs SET status = ?, exit_code = ?, signal = ?, wall_ns = ?, user_ns = ?, sys_ns = ?, peak_rss_kb = ?,
         voluntary_switches = ?, involuntary_switches = ?, environment_json = ?, features_json = ?, measures_json = ?, message = ?,
         stdout_tail = ?, stderr_tail = ?, finished_at = ?, pgid = NULL
       WHERE id = ? AND status = 'running'`,
    ).run(
      o.status,
      o.exitCode,
      o.signal,
      o.wallNs,
      o.userNs,
      o.sysNs,
      o.peakRssKb,
      o.voluntarySwitches,
      o.involuntarySwitches,
      JSON.stringify(o.environment),
      JSON.stringify(features),
      JSON.stringify(o.measures),
      o.message,
      o.stdoutTail,
      o.stderrTail,
      now(),
      runId,
    );
    const insert = db.prepare(
      "INSERT INTO artifacts (run_id, kind, name, path, sha256, size_bytes, media_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (const a of o.artifacts) insert.run(runId, a.kind, a.name, a.path, a.sha256, a.sizeBytes, a.mediaType, now());
  });
}

/** Runs left 'running' by a runner that is gone: each becomes 'interrupted',
 * and a new queued attempt takes its place. Returns their process groups. */
export function interruptOrphanedRuns(
  db: Db,
  campaignId: number,
  isAlive: (pid: number) => boolean,
): { runId: number; pgid: number | null }[] {
  return writeTransaction(db, () => {
    const stale = (
      db.prepare("SELECT * FROM runs WHERE campaign_id = ? AND status = 'running'").all(campaignId) as Record<
        string,
        unknown
      >[]
    ).filter((r) => r.runner_pid === null || !isAlive(Number(r.runner_pid)));
    for (const r of stale) {
      db.prepare(
        "UPDATE runs SET status = 'interrupted', message = 'the runner stopped while this run was in progress', finished_at = ?, pgid = NULL WHERE id = ?",
      ).run(now(), r.id);
      queueNextAttempt(db, r);
    }
    return stale.map((r) => ({ runId: Number(r.id), pgid: r.pgid === null ? null : Number(r.pgid) }));
  });
}

/** A fresh queued attempt of a run (a row of runs), at its place in the campaign and in its role. */
function queueNextAttempt(db: Db, r: Record<string, unknown>): void {
  db.prepare(
    `INSERT INTO runs (project_id, campaign_id, workload_id, design_id, repetition, ordinal, warmup, attempt, status, plan_json, features_json, role, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)`,
  ).run(
    r.project_id,
    r.campaign_id,
    r.workload_id,
    r.design_id,
    r.repetition,
    r.ordinal,
    r.warmup,
    Number(r.attempt) + 1,
    r.plan_json,
    r.features_json,
    r.role ?? null,
    now(),
  );
}

/** A runner takes the campaign: it is "running" under this pid, unless a cancel came first (from
 * another process, before any runner had it), in one transaction so the two cannot cross. */
export function takeCampaign(db: Db, id: number, runnerPid: number): "running" | "cancel-pending" {
  return writeTransaction(db, () => {
    const status = (db.prepare("SELECT status FROM campaigns WHERE id = ?").get(id) as { status: string }).status;
    const queued = (
      db.prepare("SELECT count(*) AS n FROM runs WHERE campaign_id = ? AND status = 'queued'").get(id) as { n: number }
    ).n;
    if (status === "cancelling" || (status === "cancelled" && queued === 0)) return "cancel-pending";
    setCampaignStatus(db, id, "running", runnerPid);
    return "running";
  });
}

export function setCampaignStatus(db: Db, id: number, status: string, runnerPid: number | null): void {
  const final = ["finished", "cancelled"].includes(status);
  db.prepare("UPDATE campaigns SET status = ?, runner_pid = ?, finished_at = ? WHERE id = ?").run(
    status,
    runnerPid,
    final ? now() : null,
    id,
  );
}

/** A cancelled campaign taken up again: runs that never started are queued
 * again; runs stopped by the cancel get a fresh queued attempt at their place;
 * the campaign is queued, no longer cancelled. */
export function requeueCancelledRuns(db: Db, campaignId: number): number {
  return writeTransaction(db, () => {
    setCampaignStatus(db, campaignId, "queued", null);
    const fresh = db
      .prepare(
        "UPDATE runs SET status = 'queued', message = NULL, finished_at = NULL WHERE campaign_id = ? AND status = 'cancelled' AND started_at IS NULL",
      )
      .run(campaignId).changes;
    const stopped = db
      .prepare("SELECT * FROM runs WHERE campaign_id = ? AND status = 'cancelled' AND started_at IS NOT NULL")
      .all(campaignId) as Record<string, unknown>[];
    for (const r of stopped) {
      db.prepare("UPDATE runs SET status = 'interrupted' WHERE id = ?").run(r.id);
      queueNextAttempt(db, r);
    }
    return fresh + stopped.length;
  });
}

export function cancelQueuedRuns(db: Db, campaignId: number): number {
  return db
    .prepare(
      "UPDATE runs SET status = 'cancelled', message = 'the campaign was cancelled before this run started', finished_at = ? WHERE campaign_id = ? AND status = 'queued'",
    )
    .run(now(), campaignId).changes;
}

export function getCampaign(db: Db, id: number): CampaignRow | undefined {
  const r = db
    .prepare(
      `SELECT c.id, c.project_id AS projectId, p.name AS project, c.name, c.spec_dir AS specDir, c.template_id AS templateId, c.status, c.seed, c.runner_pid AS runnerPid, c.created_at AS createdAt,
              c.finished_at AS finishedAt, c.spec_json AS specJson
       FROM campaigns c JOIN projects p ON p.id = c.project_id WHERE c.id = ?`,
    )
    .get(id) as (Omit<CampaignRow, "spec"> & { specJson: string }) | undefined;
  if (!r) return undefined;
  const { specJson, ...rest } = r;
  return { ...rest, spec: JSON.parse(specJson) as CampaignSpec };
}

export function listCampaigns(db: Db): CampaignRow[] {
  const ids = db.prepare("SELECT id FROM campaigns ORDER BY id").all() as { id: number }[];
  return ids.map((r) => getCampaign(db, r.id)!);
}

/** Counts of the campaign's current runs by status (interrupted attempts aside). */
export function runCounts(db: Db, campaignId: number): Record<string, number> {
  const rows = db
    .prepare("SELECT status, count(*) AS n FROM runs WHERE campaign_id = ? GROUP BY status")
    .all(campaignId) as { status: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Each design with queued runs, with the build command its runs carry (if any). */
export function queuedDesigns(db: Db, campaignId: number): { design: string; build: readonly string[] | null }[] {
  const rows = db
    .prepare(
      `SELECT d.name AS design, min(r.plan_json) AS planJson FROM runs r JOIN designs d ON d.id = r.design_id
       WHERE r.campaign_id = ? AND r.status = 'queued' GROUP BY d.name ORDER BY d.name`,
    )
    .all(campaignId) as { design: string; planJson: string }[];
  return rows.map((r) => ({ design: r.design, build: (JSON.parse(r.planJson) as RunPlan).build ?? null }));
}

/** The programs a campaign's queued runs start (each design's distinct argv[0], cwd and plan), for a
 * profiler's check before the first run. */
export function queuedPrograms(db: Db, campaignId: number): { design: string; plan: RunPlan }[] {
  const rows = db
    .prepare(
      `SELECT d.name AS design, min(r.plan_json) AS planJson FROM runs r JOIN designs d ON d.id = r.design_id
       WHERE r.campaign_id = ? AND r.status = 'queued'
       GROUP BY d.name, json_extract(r.plan_json, '$.argv[0]'), json_extract(r.plan_json, '$.cwd') ORDER BY d.name`,
    )
    .all(campaignId) as { design: string; planJson: string }[];
  return rows.map((r) => ({ design: r.design, plan: JSON.parse(r.planJson) as RunPlan }));
}

/** A program the profiler cannot watch: the design's queued runs that start it fail with the reason, in one transaction. */
export function failQueuedRunsOfProgram(
  db: Db,
  campaignId: number,
  design: string,
  program: string,
  message: string,
): number {
  return db
    .prepare(
      `UPDATE runs SET status = 'failed', message = ?, finished_at = ?
       WHERE campaign_id = ? AND status = 'queued' AND json_extract(plan_json, '$.argv[0]') = ?
         AND design_id IN (SELECT id FROM designs WHERE name = ?)`,
    )
    .run(message, now(), campaignId, program, design).changes;
}

/** A design whose build failed: its queued runs fail with the build's message, in one transaction. */
export function failQueuedRunsOfDesign(db: Db, campaignId: number, design: string, message: string): number {
  return db
    .prepare(
      `UPDATE runs SET status = 'failed', message = ?, finished_at = ?
       WHERE campaign_id = ? AND status = 'queued' AND design_id IN (SELECT id FROM designs WHERE name = ?)`,
    )
    .run(message, now(), campaignId, design).changes;
}

/** The campaign's runs in progress, as they were claimed: what a Slurm owner watches, or takes over
 * after its predecessor died (their tasks live on in Slurm's queue, not in the owner's process). */
export function runningRuns(db: Db, campaignId: number): ClaimedRun[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.ordinal, r.attempt, r.warmup, r.plan_json AS planJson, w.name AS workload, d.name AS design
       FROM runs r JOIN workloads w ON w.id = r.workload_id JOIN designs d ON d.id = r.design_id
       WHERE r.campaign_id = ? AND r.status = 'running' ORDER BY r.ordinal`,
    )
    .all(campaignId) as {
    id: number;
    ordinal: number;
    attempt: number;
    warmup: number;
    planJson: string;
    workload: string;
    design: string;
  }[];
  return rows.map((row) => ({
    id: row.id,
    ordinal: row.ordinal,
    attempt: row.attempt,
    design: row.design,
    workload: row.workload,
    warmup: row.warmup === 1,
    plan: JSON.parse(row.planJson) as RunPlan,
  }));
}

/** These running runs are now this runner's, so they are not taken for orphans. */
export function adoptRuns(db: Db, runIds: readonly number[], runnerPid: number): void {
  const adopt = db.prepare("UPDATE runs SET runner_pid = ? WHERE id = ? AND status = 'running'");
  writeTransaction(db, () => runIds.forEach((id) => adopt.run(runnerPid, id)));
}
