// The TraceSink every reader feeds: routes events to one ThreadBuilder per
// thread and gathers the warnings of unbalanced streams.
import { FunctionTable, type ThreadInfo, type TraceSink } from "../trace/sink.js";
import type { ThreadSink } from "../trace/eventBatch.js";
import type { TraceWarning } from "../trace/diagnostics.js";
import { ThreadBuilder } from "./threadBuilder.js";
import { IngestKernel, type ToolCost } from "./kernel/ingestKernel.js";
import {
  CCT_FORMAT_VERSION,
  DEFAULT_MAX_COVARIANCE_CHILDREN,
  type Cct,
  type CctOptions,
  type ThreadCct,
} from "./cct.js";

/** The tracer's cost of CctOptions, checked: 0 ≤ inside ≤ per call, both finite. */
function toolCostOf(options: CctOptions): ToolCost {
  const perCallNs = options.toolCostNs ?? 0;
  const insideNs = options.toolCostInsideNs ?? 0;
  if (!(Number.isFinite(perCallNs) && perCallNs >= 0))
    throw new RangeError(`a tracer's cost per call must be a finite number of ns ≥ 0, not ${perCallNs}`);
  if (!(Number.isFinite(insideNs) && insideNs >= 0 && insideNs <= perCallNs))
    throw new RangeError(
      `the part of a tracer's cost inside a call must be between 0 and its cost per call (${perCallNs} ns), not ${insideNs}`,
    );
  return { perCallNs, insideNs };
}

export class CctBuilder implements TraceSink {
  readonly functions = new FunctionTable();
  readonly warnings: TraceWarning[] = [];
  private readonly infos: ThreadInfo[] = [];
  private readonly builders: ThreadBuilder[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly maxChildren: number;
  private readonly covariance: boolean;
  private minDurationNs: number;
  private readonly watchPaths: Int32Array[];

  constructor(options: CctOptions = {}) {
    this.maxChildren = options.maxCovarianceChildren ?? DEFAULT_MAX_COVARIANCE_CHILDREN;
    this.covariance = options.covariance ?? true;
    this.minDurationNs = options.minDurationNs ?? 0;
    this.watch = options.watch ?? null;
    this.watchPaths = (options.watch?.paths ?? []).map((p) =>
      Int32Array.from(p, (name) => this.functions.intern(name)),
    );
    this.kernel = new IngestKernel(
      this.maxChildren,
      this.covariance,
      this.watchPaths.length > 0,
      options.memoryLimitBytes,
      toolCostOf(options),
    );
  }

  private readonly kernel: IngestKernel;

  private readonly watch: CctOptions["watch"] | null;

  setTimeFilter(minDurationNs: number): void {
    this.minDurationNs = minDurationNs;
    for (const b of this.builders) b.minDurationNs = minDurationNs;
  }

  functionId(name: string): number {
    return this.functions.intern(name);
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = info.source === undefined ? `${info.pid}/${info.tid}` : `${info.source}:${info.pid}/${info.tid}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return this.builders[known];
    this.byKey.set(key, this.builders.length);
    this.infos.push(info);
    const watch = this.watch;
    const paths = this.watchPaths;
    const builder = new ThreadBuilder(
      this.kernel,
      key,
      this.covariance,
      this.minDurationNs,
      watch && paths.length > 0 ? { paths, onWatched: (ps, ds, count) => watch.onClose(key, ps, ds, count) } : null,
    );
    this.builders.push(builder);
    return builder;
  }

  get events(): number {
    return this.builders.reduce((n, b) => n + b.events, 0);
  }

  warn(warning: TraceWarning): void {
    this.warnings.push(warning);
  }

  finish(): Cct {
    const threads: ThreadCct[] = this.builders.map((b, i) => {
      const contexts = b.finish();
      this.reportUnbalanced(b, this.infos[i]);
      const info = this.infos[i];
      return { pid: info.pid, tid: info.tid, ...(info.name ? { name: info.name } : {}), contexts };
    });
    // Threads in a stable order so the same trace always gives the same tree.
    const order = threads
      .map((_, i) => i)
      .sort((a, b) => threads[a].pid - threads[b].pid || threads[a].tid - threads[b].tid);
    return {
      version: CCT_FORMAT_VERSION,
      functions: [...this.functions.names],
      threads: order.map((i) => threads[i]),
      maxCovarianceChildren: this.maxChildren,
      events: this.events,
      warnings: this.warnings,
    };
  }

  private reportUnbalanced(b: ThreadBuilder, info: ThreadInfo): void {
    const thread = `${info.pid}/${info.tid}`;
    for (const [fn, count] of b.unbalanced.unmatchedExits) {
      this.warnings.push({ kind: "unmatched-exit", thread, function: this.functions.names[fn], count });
    }
    if (b.unbalanced.closedOnMismatch > 0) {
      this.warnings.push({ kind: "closed-on-mismatch", thread, frames: b.unbalanced.closedOnMismatch });
    }
    if (b.unbalanced.closedAtEnd > 0)
      this.warnings.push({ kind: "closed-at-end", thread, frames: b.unbalanced.closedAtEnd });
    if (b.unbalanced.backwards > 0)
      this.warnings.push({ kind: "time-backwards", thread, events: b.unbalanced.backwards });
  }
}
