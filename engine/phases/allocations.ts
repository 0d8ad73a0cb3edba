// The heap objects of a run, from uftrace's captured arguments and return
// values of the allocator (paper 003 §5.2 classifies "dynamic objects" by
// their life against phase instances). Recording them takes
//   -A malloc@arg1 -R malloc@retval -A calloc@arg1,arg2 -R calloc@retval
//   -A realloc@arg1,arg2 -R realloc@retval -A free@arg1
// Each object: its allocation site as a call chain (the allocator first, as
// the paper's report writes it: "xmalloc<_obstack_newchunk<…<main"), its
// size, when it was allocated and when freed (logical time, null: never).
import { ENTER, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../trace/sink.js";
import { BatchThreadSink } from "../trace/batchThreadSink.js";
import { SCHEDULE, SCHEDULE_PREEMPTED } from "../trace/uftrace/schedEvents.js";

/** The options that make uftrace record what this reads. */
export const ALLOCATION_OPTIONS: readonly string[] = [
  "-A",
  "malloc@arg1",
  "-R",
  "malloc@retval",
  "-A",
  "calloc@arg1,arg2",
  "-R",
  "calloc@retval",
  "-A",
  "realloc@arg1,arg2",
  "-R",
  "realloc@retval",
  "-A",
  "free@arg1",
];

export interface HeapObject {
  readonly site: string;
  readonly bytes: number;
  readonly allocated: number;
  freed: number | null;
}

type Allocator = "malloc" | "calloc" | "realloc" | "free";
const ALLOCATORS: ReadonlySet<string> = new Set(["malloc", "calloc", "realloc", "free"]);

export class AllocationTrace implements TraceSink {
  readonly objects: HeapObject[] = [];
  /** Live objects by address. */
  readonly live = new Map<number, HeapObject>();
  /** Allocator calls that carried no captured size or address: the recording lacked the options. */
  uncaptured = 0;
  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly threads = new Map<string, AllocationThread>();
  /** Ids of the scheduler's switched-out intervals (linux:schedule): not calls, so not counted. */
  private readonly sched = new Set<number>();

  constructor(readonly logicalTime: "time" | "calls") {}

  isSchedule(fn: number): boolean {
    return this.sched.has(fn);
  }

  functionId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.push(name) - 1;
      this.ids.set(name, id);
      if (name === SCHEDULE || name === SCHEDULE_PREEMPTED) this.sched.add(id);
    }
    return id;
  }

  nameOf(fn: number): string {
    return this.names[fn];
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.source ?? 0}:${info.pid}/${info.tid}`;
    let t = this.threads.get(key);
    if (!t) this.threads.set(key, (t = new AllocationThread(this)));
    return t;
  }

  setTimeFilter(): void {}

  warn(): void {}

  allocated(site: string, bytes: number, address: number, t: number): void {
    if (address === 0) return; // the allocation failed
    const o: HeapObject = { site, bytes, allocated: t, freed: null };
    this.objects.push(o);
    this.live.set(address, o);
  }

  freed(address: number, t: number): void {
    const o = this.live.get(address);
    if (!o) return; // freed memory the trace did not see allocated (before tracing began, or by libc itself)
    o.freed = t;
    this.live.delete(address);
  }
}

interface Open {
  readonly fn: number;
  readonly allocator: Allocator | null;
  readonly args: readonly number[] | null;
}

class AllocationThread extends BatchThreadSink {
  readonly takesArguments = true;
  private readonly stack: Open[] = [];
  private calls = 0;

  constructor(private readonly run: AllocationTrace) {
    super();
  }

  consume(batch: EventBatch): void {
    const byCalls = this.run.logicalTime === "calls";
    for (let i = 0; i < batch.count; i++) {
      const fn = batch.fn[i];
      if (this.run.isSchedule(fn)) continue;
      const t = byCalls ? this.calls : batch.timeNs[i];
      if (batch.kind[i] === ENTER) {
        this.calls++;
        const name = this.run.nameOf(fn);
        const allocator = ALLOCATORS.has(name) ? (name as Allocator) : null;
        const args = batch.args.get(i)?.values ?? null;
        if (allocator === "free") {
          if (args) this.run.freed(args[0], t);
          else this.run.uncaptured++;
        }
        this.stack.push({ fn, allocator, args });
        continue;
      }
      let d = this.stack.length - 1;
      while (d >= 0 && this.stack[d].fn !== fn) d--;
      if (d < 0) continue;
      const open = this.stack[d];
      if (open.allocator && open.allocator !== "free") this.returned(open, d, batch.args.get(i)?.values[0], t);
      this.stack.length = d;
    }
  }

  private returned(open: Open, depth: number, address: number | undefined, t: number): void {
    if (!open.args || address === undefined) {
      this.run.uncaptured++;
      return;
    }
    const bytes =
      open.allocator === "calloc"
        ? open.args[0] * open.args[1]
        : open.allocator === "realloc"
          ? open.args[1]
          : open.args[0];
    if (open.allocator === "realloc" && open.args[0] !== 0) this.run.freed(open.args[0], t);
    const chain = [
      open.fn,
      ...this.stack
        .slice(0, depth)
        .map((o) => o.fn)
        .reverse(),
    ].map((f) => this.run.nameOf(f));
    this.run.allocated(chain.join("<"), bytes, address, t);
  }
}
