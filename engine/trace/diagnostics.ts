// Errors and warnings of trace reading as discriminated unions, worded for
// people in one place so the CLI, the server and reports say the same thing.
import { VarbenchError } from "../errors/errors.js";

export type TraceWarning =
  | { kind: "lost-records"; file: string; count: number }
  | { kind: "unmatched-exit"; thread: string; function: string; count: number }
  | { kind: "closed-at-end"; thread: string; frames: number }
  | { kind: "closed-on-mismatch"; thread: string; frames: number }
  | { kind: "time-backwards"; thread: string; events: number }
  | { kind: "unresolved-address"; file: string; count: number; example: string }
  | { kind: "time-filter"; thresholdNs: number }
  | { kind: "unread-option"; file: string; option: string }
  | { kind: "skipped-events"; file: string; count: number; reason: string }
  | { kind: "truncated"; file: string; byteOffset: number; detail: string }
  | { kind: "sched-cut"; dir: string; tids: readonly number[] };

export type TraceErrorDetail =
  | { kind: "not-found"; file: string }
  | { kind: "unknown-format"; file: string }
  | { kind: "bad-magic"; file: string; byteOffset: number; found: string }
  | { kind: "malformed"; file: string; byteOffset: number; detail: string }
  | { kind: "missing-file"; file: string; needed: string }
  | { kind: "empty"; file: string; why?: string }
  | { kind: "not-a-trace"; file: string; what: string }
  | { kind: "not-a-file"; file: string; what: string }
  | { kind: "too-large"; thread: string; contexts: number; limitBytes: number; setBy?: string };

export class TraceError extends VarbenchError {
  readonly kind = "input";

  constructor(readonly detail: TraceErrorDetail) {
    super(describeTraceError(detail));
    this.name = "TraceError";
  }
}

export function describeTraceError(e: TraceErrorDetail): string {
  switch (e.kind) {
    case "not-found":
      return `${e.file}: no such file or directory`;
    case "unknown-format":
      return `${e.file}: not a trace or results file Varbench can read (it reads uftrace data directories, Chrome trace JSON, varbench-events text opening with "# varbench-events 1", and hyperfine, Google Benchmark and pyperf JSON results)`;
    case "bad-magic":
      return `${e.file}: at byte ${e.byteOffset}: bad magic ${e.found}; the file is not what its name says or is corrupt`;
    case "malformed":
      return `${e.file}: at byte ${e.byteOffset}: ${e.detail}`;
    case "missing-file":
      return `${e.file}: missing ${e.needed}`;
    case "empty":
      return `${e.file}: the trace holds no events${e.why ? `: ${e.why}` : ""}`;
    case "not-a-trace":
      return `${e.file}: ${e.what}, not a trace: \`varbench import\` stores them as a campaign of runs`;
    case "not-a-file":
      return `${e.file} is ${e.what}, not a regular file: traces and results are read from regular files only`;
    case "too-large":
      return `thread ${e.thread}: its calling-context tree (${e.contexts} contexts so far) outgrew the ${e.limitBytes / 2 ** 20} MiB the CCT builder may use${e.setBy ? ` (${e.setBy})` : ""}; read fewer threads or a shorter trace`;
  }
}

export function describeTraceWarning(w: TraceWarning): string {
  switch (w.kind) {
    case "lost-records":
      return `${w.file}: ${w.count} records were lost while recording; contexts around the loss may be cut short`;
    case "unmatched-exit":
      return `thread ${w.thread}: ${w.count} exit(s) of ${w.function} without a matching entry were dropped`;
    case "closed-at-end":
      return `thread ${w.thread}: ${w.frames} call(s) still open at the end of the trace were closed at its last time`;
    case "closed-on-mismatch":
      return `thread ${w.thread}: ${w.frames} call(s) were closed early because an exit skipped over them`;
    case "time-backwards":
      return `thread ${w.thread}: ${w.events} event(s) earlier than the event before them (a damaged trace) were taken at that event's time, so that no call ends before it starts`;
    case "unresolved-address":
      return `${w.file}: ${w.count} record(s) at addresses outside every known symbol (e.g. ${w.example}) were counted under their address`;
    case "unread-option":
      return `${w.file}: "${w.option}" is not an option Varbench can apply (-t takes a time such as 10us, -D a depth of 1 or more; uftrace writes no other), so it was not`;
    case "time-filter":
      return `the recording's time filter was re-applied: calls shorter than ${w.thresholdNs} ns count as their caller's self time`;
    case "skipped-events":
      return `${w.file}: ${w.count} ${w.reason} skipped`;
    case "truncated":
      return `${w.file}: at byte ${w.byteOffset}: ${w.detail}`;
    case "sched-cut": {
      const shown = w.tids.slice(0, 5).join(", ") + (w.tids.length > 5 ? ` and ${w.tids.length - 5} more` : "");
      return `${w.dir}: the scheduler events (perf-cpu*.dat) end before thread(s) ${shown} exited: a file was cut short, so their last time off the CPU may be counted as running`;
    }
  }
}
