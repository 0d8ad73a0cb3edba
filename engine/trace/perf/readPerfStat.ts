// `perf stat -x,` output: one CSV line per counter (value, unit, event,
// run time, percentage, …). A counter the machine cannot count reads
// `<not supported>` (or `<not counted>`): kept as such, never as zero.

export interface PerfCounter {
  readonly event: string;
  /** null when the counter is not supported or was not counted. */
  readonly value: number | null;
  readonly unit: string;
  readonly status: "counted" | "not supported" | "not counted";
}

export function readPerfStat(text: string, source: string): PerfCounter[] {
  const counters: PerfCounter[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [value, unit = "", event = ""] = line.split(",");
    if (!event) throw new Error(`${source}: not a perf stat CSV line: ${JSON.stringify(line.slice(0, 80))}`);
    if (value === "<not supported>" || value === "<not counted>") {
      counters.push({ event, value: null, unit, status: value === "<not supported>" ? "not supported" : "not counted" });
    } else {
      const n = Number(value);
      if (!Number.isFinite(n)) throw new Error(`${source}: counter ${event} has the value ${JSON.stringify(value)}`);
      counters.push({ event, value: n, unit, status: "counted" });
    }
  }
  if (counters.length === 0) throw new Error(`${source}: perf stat reported no counter`);
  return counters;
}
