// Per-thread samples from /proc while a run goes (docs/formats.md, "Per-thread
// accounting on Linux"): CPU time in ns from schedstat, the CPU last run on
// (stat field 39), voluntary and involuntary context switches (status). The
// workload's processes are the run helper's descendants; a thread that
// vanishes between listing and reading simply ends its series.
import { readdirSync, readFileSync } from "node:fs";

export interface ThreadSeries {
  readonly pid: number;
  readonly tid: number;
  name: string;
  readonly tMs: number[];
  readonly cpuNs: number[];
  readonly cpu: number[];
  readonly voluntarySwitches: number[];
  readonly involuntarySwitches: number[];
}

export interface SampleSet {
  readonly intervalMs: number;
  readonly samples: number;
  readonly threads: readonly ThreadSeries[];
}

export class ProcSampler {
  private readonly series = new Map<number, ThreadSeries>();
  private readonly t0 = performance.now();
  private readonly timer: NodeJS.Timeout;
  private samples = 0;

  constructor(
    private readonly helperPid: number,
    private readonly intervalMs: number,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  stop(): SampleSet {
    clearInterval(this.timer);
    return {
      intervalMs: this.intervalMs,
      samples: this.samples,
      threads: [...this.series.values()].sort((a, b) => a.pid - b.pid || a.tid - b.tid),
    };
  }

  private sample(): void {
    const t = performance.now() - this.t0;
    this.samples++;
    for (const pid of descendants(this.helperPid)) {
      for (const tid of list(`/proc/${pid}/task`)) this.sampleThread(pid, Number(tid), t);
    }
  }

  private sampleThread(pid: number, tid: number, t: number): void {
    const base = `/proc/${pid}/task/${tid}`;
    const schedstat = read(`${base}/schedstat`);
    const stat = read(`${base}/stat`);
    const status = read(`${base}/status`);
    if (schedstat === null || stat === null || status === null) return; // the thread ended
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" "); // field 3 (state) is fields[0]
    const name = stat.slice(stat.indexOf("(") + 1, close);
    let s = this.series.get(tid);
    if (!s) {
      s = { pid, tid, name, tMs: [], cpuNs: [], cpu: [], voluntarySwitches: [], involuntarySwitches: [] };
      this.series.set(tid, s);
    }
    // The latest name: a process first seen between fork and exec carries its parent's (vbtime).
    s.name = name;
    s.tMs.push(Math.round(t * 1000) / 1000);
    s.cpuNs.push(Number(schedstat.split(" ")[0]));
    s.cpu.push(Number(fields[39 - 3]));
    s.voluntarySwitches.push(Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? NaN));
    s.involuntarySwitches.push(Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? NaN));
  }
}

/** Every process below `pid` (not `pid` itself), from the kernel's children lists. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    for (const tid of list(`/proc/${p}/task`)) {
      for (const child of (read(`/proc/${p}/task/${tid}/children`) ?? "").split(" ").filter(Boolean).map(Number)) {
        out.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return out;
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function read(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null; // ENOENT/ESRCH: gone between listing and reading
  }
}
