// One analysis call from arguments to result: its targets resolved and
// checked, a stored result served when inputs, parameters and engine version
// match, otherwise loaded (host) and computed (pure), stored, and its progress
// reported as analysisProgress events. Failures inside an analysis reach
// people as a message naming the analysis and what it looked at.
import { createHash } from "node:crypto";
import { formatTarget, TARGET_FORMS, type Target, type TargetKind } from "../campaign/target.js";
import { ApiError, wordedError } from "../errors/errors.js";
import { cachedResult, inputRows, storeResult, type AnalysisKey } from "../store/analysisCache.js";
import type { Workspace } from "../store/workspace.js";
import type { AnalysisDescriptor, Resolved } from "./descriptor.js";
import { resolveTarget } from "./resolveTarget.js";
import { ENGINE_VERSION } from "../ingest/engineVersion.js";
import type { AnalysisSources, Progress } from "./sources.js";

export { ENGINE_VERSION };

/** Progress is told at most this often, and at every new stage. */
const PROGRESS_INTERVAL_MS = 100;

export interface AnalysisProgressEvent {
  readonly kind: string;
  /** The call's targets in their text form ("run:12", "design:3:blocks-60"). */
  readonly targets: readonly string[];
  readonly stage: string;
  readonly done: number;
  /** Null while the amount of work is unknown. */
  readonly total: number | null;
}

export interface AnalysisHost {
  workspace(): Workspace;
  readonly sources: AnalysisSources;
  /** Trace files on disk may be named (the command line and the desktop window, not browser mode). */
  readonly localFiles: boolean;
  progress(event: AnalysisProgressEvent): void;
}

type Args = Record<string, unknown>;

export async function runAnalysis<R>(
  host: AnalysisHost,
  d: AnalysisDescriptor<never, unknown, R>,
  args: Args,
): Promise<R> {
  const descriptor = d as unknown as AnalysisDescriptor<never, unknown, R>;
  const resolved = resolveTargets(host, d, args);
  const targets = Object.values(resolved).map((r) => formatTarget(r.target));
  const progress = throttle((stage, done, total) => host.progress({ kind: d.kind, targets, stage, done, total }));
  const key = cacheKey(host, d, args, resolved);
  if (key) {
    const hit = cachedResult(host.workspace().db, key, true);
    if (hit !== undefined) return hit as R;
  }
  let result: R;
  try {
    const { load, compute } = await descriptor.steps();
    const input = await load(host.sources.forCall(progress), resolved as never, args as never);
    progress("computing", 0, null);
    result = compute(input, args as never, progress);
  } catch (e) {
    throw worded(d, Object.values(resolved), e);
  } finally {
    progress("done", 1, 1);
  }
  if (key) keep(host, key, result);
  return result;
}

/** A result that cannot be stored (a read-only or full disk, a busy database) is still the answer. */
function keep(host: AnalysisHost, key: AnalysisKey, result: unknown): void {
  try {
    storeResult(host.workspace().db, key, JSON.stringify(result));
  } catch {
    // Computed again next time; nothing else depends on the stored copy.
  }
}

function resolveTargets(
  host: AnalysisHost,
  d: AnalysisDescriptor<never, unknown, unknown>,
  args: Args,
): Record<string, Resolved> {
  const out: Record<string, Resolved> = {};
  for (const [field, kinds] of Object.entries(d.targets as Record<string, readonly TargetKind[]>)) {
    const t = args[field] as Target | undefined;
    if (t === undefined) continue;
    if (!kinds.includes(t.kind)) {
      throw new ApiError(
        "invalid-arguments",
        `the ${d.title} takes ${kinds.map((k) => TARGET_FORMS[k]).join(", or ")}; not ${TARGET_FORMS[t.kind]}`,
        [{ path: field, message: `not a ${t.kind}` }],
      );
    }
    if (t.kind === "trace" && !host.localFiles) {
      throw new ApiError(
        "invalid-arguments",
        `trace files can be named only from the command line or the desktop window; import the trace into the workspace to analyse it here`,
        [{ path: field, message: "no trace paths here" }],
      );
    }
    out[field] = resolveTarget(() => host.workspace(), t, field);
  }
  return out;
}

/** Null when the result is not kept: the analysis says so, or a trace file (no stored identity) is read. */
function cacheKey(
  host: AnalysisHost,
  d: AnalysisDescriptor<never, unknown, unknown>,
  args: Args,
  resolved: Record<string, Resolved>,
): AnalysisKey | null {
  if (!d.cache || Object.values(resolved).some((r) => r.target.kind === "trace")) return null;
  const db = host.workspace().db;
  // The target as named is part of the key: results carry its label ("run 12", "blocks-60 (campaign 3)").
  const inputs = Object.keys(resolved)
    .sort()
    .map((field) => [
      field,
      formatTarget(resolved[field].target),
      inputRows(
        db,
        resolved[field].runs.map((r) => r.id),
      ),
    ]);
  const parameters = Object.fromEntries(
    Object.entries(args).filter(([k]) => !(k in resolved) && args[k] !== undefined),
  );
  return {
    kind: d.kind,
    inputsKey: createHash("sha256").update(canonicalJson(inputs)).digest("hex"),
    parametersJson: canonicalJson(parameters),
    engineVersion: `${ENGINE_VERSION}.${d.version}`,
  };
}

/** JSON with object keys sorted, so equal values give equal text. */
function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}

/** An error that is not the user's (errors/errors.ts) is worded as a failure of this analysis, naming what it looked at. */
function worded(d: AnalysisDescriptor<never, unknown, unknown>, resolved: readonly Resolved[], e: unknown): unknown {
  const of = resolved.length > 0 ? ` of ${resolved.map((r) => r.label).join(" and ")}` : "";
  return wordedError(`the ${d.title}${of}`, e, "nothing in the workspace was changed");
}

function throttle(emit: Progress): Progress {
  let last = 0;
  let lastStage = "";
  return (stage, done, total) => {
    const now = Date.now();
    if (stage === lastStage && now - last < PROGRESS_INTERVAL_MS && done !== total) return;
    last = now;
    lastStage = stage;
    emit(stage, done, total);
  };
}
