// One claimed run from start to its single finishing transaction.
import { mkdtemp, rm } from "node:fs/promises";
import { constants } from "node:os";
import { join } from "node:path";
import type { Workspace } from "../store/workspace.js";
import { finishRun, recordProcessGroup, type ClaimedRun, type RunOutcome } from "../store/campaigns.js";
import type { StoredBlob } from "../store/artifactStore.js";
import { runProcess, type ProcessResult } from "./runProcess.js";
import { captureEnvironment } from "./environment.js";
import { otherCpuOf } from "../campaign/interference.js";
import { PROFILERS } from "./profilers/index.js";
import { inputFeatures } from "./inputFeatures.js";
import { featureLines } from "./featureLines.js";
import { RUN_DIR_PREFIX } from "./leftovers.js";
import type { Watch } from "./profilers/profiler.js";
import { withBuildDir } from "../campaign/runPlan.js";
import type { CampaignSpec } from "../campaign/spec.js";

export async function executeRun(
  ws: Workspace,
  run: ClaimedRun,
  campaignProfiler: CampaignSpec["profiler"],
  buildDir: string,
  signal: AbortSignal,
): Promise<RunOutcome["status"]> {
  // The plain run of a pair (the spec's `timing`) runs under no profiler but the wait4 helper.
  const profiler = run.plan.profiler === "time" ? { name: "time", options: [] } : campaignProfiler;
  const watcher = PROFILERS[profiler.name];
  // Named for this runner, so a resume after a kill -9 knows whose leftovers it finds (leftovers.ts).
  const dir = await mkdtemp(join(ws.dir, `${RUN_DIR_PREFIX}${process.pid}-`));
  const written: StoredBlob[] = [];
  try {
    const plan = withBuildDir(run.plan, buildDir);
    const context = { runDir: dir, buildDir };
    // A -pg program writes gmon.out into its working folder, often the spec's among the sources:
    // glibc writes it into the run's own folder instead (GMON_OUT_PREFIX), gone with it; a spec may say otherwise.
    const step = (argv: readonly string[], name: string, onStart?: (pgid: number) => void) =>
      runProcess({
        argv,
        cwd: plan.cwd,
        env: { ...process.env, GMON_OUT_PREFIX: join(dir, "gmon.out"), ...plan.env } as Record<string, string>,
        timeoutMs: plan.timeoutMs,
        ...(plan.cpus ? { cpus: plan.cpus } : {}),
        stdoutFile: join(dir, `${name}.out`),
        stderrFile: join(dir, `${name}.err`),
        signal,
        ...(onStart ? { onStart } : {}),
      });
    const environment = { ...captureEnvironment(plan.cwd, watcher.version()) };
    if (plan.prepare) {
      const prep = await step(plan.prepare, "prepare");
      if (prep.outcome.kind !== "exited" || prep.outcome.code !== 0) {
        const outcome = toOutcome(prep, plan.prepare, plan.timeoutMs);
        finishRun(ws.db, run.id, {
          ...emptyUsage(),
          status: outcome.status === "succeeded" ? "failed" : outcome.status,
          environment,
          features: {},
          message: `prepare step failed: ${outcome.message}`,
          stdoutTail: prep.stdoutTail,
          stderrTail: prep.stderrTail,
          artifacts: [],
          exitCode: null,
          signal: null,
        });
        return "failed";
      }
    }
    let measured: Record<string, number> = {};
    if (plan.inputs && plan.inputs.length > 0) {
      try {
        measured = await inputFeatures(plan.inputs);
      } catch (e) {
        finishRun(ws.db, run.id, {
          ...emptyUsage(),
          status: "failed",
          environment,
          features: {},
          message: (e as Error).message,
          stdoutTail: "",
          stderrTail: "",
          artifacts: [],
          exitCode: null,
          signal: null,
        });
        return "failed";
      }
    }
    await watcher.beforeRun?.(context);
    let watched: Watch | undefined;
    const result = await step(watcher.command(plan.argv, dir, profiler.options), "run", (pgid) => {
      recordProcessGroup(ws.db, run.id, pgid);
      watched = watcher.watch?.(pgid, profiler.options);
    });
    watched?.stop();
    const outcome = toOutcome(result, plan.argv, plan.timeoutMs);
    let { status, message } = outcome;
    // The profiler may have stopped before the program ran (uftrace on a program without -pg): its words, not the exit code.
    if (status === "failed" && result.outcome.kind === "exited")
      message = watcher.ownError?.(result.stderrTail) ?? message;
    const artifacts = [];
    let measures: Record<string, number> = {};
    if (status === "succeeded") {
      try {
        const collected = await watcher.collect(ws, context, watched);
        written.push(...collected.written);
        artifacts.push(...collected.artifacts);
        measures = collected.measures ?? {};
        if (collected.note) message = [message, collected.note].filter(Boolean).join("; ");
      } catch (e) {
        status = "failed"; // the program ran, but what the profiler wrote is unusable
        message = (e as Error).message;
      }
    }
    if (plan.cleanup) {
      const clean = await step(plan.cleanup, "cleanup");
      if (clean.outcome.kind !== "exited" || clean.outcome.code !== 0)
        message = [message, `cleanup step failed: ${toOutcome(clean, plan.cleanup, plan.timeoutMs).message}`]
          .filter(Boolean)
          .join("; ");
    }
    const features = { ...measured, ...(await featureLines(join(dir, "run.err"))) };
    for (const [kind, file] of [
      ["stdout", "run.out"],
      ["stderr", "run.err"],
    ] as const) {
      const blob = await ws.artifacts.putFile(join(dir, file));
      written.push(blob);
      artifacts.push({
        kind,
        name: kind,
        path: blob.path,
        sha256: blob.sha256,
        sizeBytes: blob.sizeBytes,
        mediaType: "text/plain",
      });
    }
    finishRun(ws.db, run.id, {
      status,
      exitCode: result.outcome.kind === "exited" ? result.outcome.code : null,
      signal: result.outcome.kind === "signaled" ? signalName(result.outcome.signal) : null,
      wallNs: result.wallNs ?? null,
      userNs: result.userNs ?? null,
      sysNs: result.sysNs ?? null,
      peakRssKb: result.maxRssKb ?? null,
      voluntarySwitches: result.voluntarySwitches ?? null,
      involuntarySwitches: result.involuntarySwitches ?? null,
      environment: { ...environment, ...otherCpuOf(result) },
      features,
      measures,
      message,
      stdoutTail: result.stdoutTail,
      stderrTail: result.stderrTail,
      artifacts,
    });
    ws.artifacts.settle(written);
    return status;
  } catch (e) {
    await ws.artifacts.discard(written);
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function toOutcome(
  r: ProcessResult,
  argv: readonly string[],
  timeoutMs: number,
): { status: RunOutcome["status"]; message: string | null } {
  const o = r.outcome;
  switch (o.kind) {
    case "exited":
      return o.code === 0
        ? { status: "succeeded", message: null }
        : { status: "failed", message: `${argv[0]} exited with code ${o.code}` };
    case "signaled":
      return { status: "failed", message: `${argv[0]} was killed by ${signalName(o.signal)}` };
    case "exec-failed":
      return { status: "failed", message: `cannot run ${argv[0]}: ${o.message}` };
    case "timed-out":
      return {
        status: "timed-out",
        message: `${argv[0]} was still running after ${timeoutMs / 1000} s and was stopped (SIGTERM, then SIGKILL)`,
      };
    case "cancelled":
      return { status: "cancelled", message: "the campaign was cancelled while this run was in progress" };
  }
}

function emptyUsage() {
  return {
    wallNs: null,
    userNs: null,
    sysNs: null,
    peakRssKb: null,
    voluntarySwitches: null,
    involuntarySwitches: null,
    measures: {},
  };
}

function signalName(n: number): string {
  return Object.entries(constants.signals).find(([, v]) => v === n)?.[0] ?? `signal ${n}`;
}
