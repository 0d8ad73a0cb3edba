// `perf stat -x,` output: one CSV line per counter (value, unit, event,
// run time, percentage, …). A counter the machine cannot count reads
// `<not supported>` (or `<not counted>`): kept as such, never as zero, and a
// value that is not a count or a time (empty, negative, not a number) is
// refused with the line's byte offset rather than read as one.
import { TraceError } from "../diagnostics.js";
import { utf8ByteLength } from "../utf8.js";

export interface PerfCounter {
  readonly event: string;
  /** null when the counter is not supported or was not counted. */
  readonly value: number | null;
  readonly unit: string;
  readonly status: "counted" | "not supported" | "not counted";
}

export function readPerfStat(text: string, source: string): PerfCounter[] {
  const counters: PerfCounter[] = [];
  let offset = 0; // byte offset of the line being read
  const bad = (detail: string) => new TraceError({ kind: "malformed", file: source, byteOffset: offset, detail });
  for (const line of text.split("\n")) {
    if (line.trim() !== "" && !line.startsWith("#")) {
      const [value, unit = "", event = ""] = line.split(",");
      if (!event) throw bad(`not a perf stat CSV line: ${JSON.stringify(line.slice(0, 80))}`);
      if (value === "<not supported>" || value === "<not counted>") {
        counters.push({
          event,
          value: null,
          unit,
          status: value === "<not supported>" ? "not supported" : "not counted",
        });
      } else {
        // Number("") is 0: an empty value would read as a count of zero.
        const n = value.trim() === "" ? NaN : Number(value);
        if (!Number.isFinite(n) || n < 0)
          throw bad(`counter ${event} has the value ${JSON.stringify(value.slice(0, 40))}`);
        counters.push({ event, value: n, unit, status: "counted" });
      }
    }
    offset += utf8ByteLength(line) + 1;
  }
  if (counters.length === 0)
    throw new TraceError({ kind: "malformed", file: source, byteOffset: 0, detail: "perf stat reported no counter" });
  return counters;
}
