// The `varbench:feature name=value` lines a workload writes to stderr,
// scanned as the file streams by: a workload may write gigabytes there, and
// reading it into one string ended the runner ("Invalid string length") on
// every resume. Memory is one chunk and one bounded line.
import { createReadStream } from "node:fs";

/** A line a workload writes to stderr to record a feature of its run (issue 3). */
const FEATURE_LINE = /^varbench:feature ([A-Za-z_][A-Za-z0-9_.-]*)=(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*$/;
/** A feature line is short; the part of a longer line past this is never one and is not kept. */
const MAX_LINE_CHARS = 4096;

export async function featureLines(file: string): Promise<Record<string, number>> {
  const features: Record<string, number> = {};
  let line = "";
  let overlong = false;
  const take = () => {
    const m = overlong ? null : FEATURE_LINE.exec(line);
    if (m) features[m[1]] = Number(m[2]);
    line = "";
    overlong = false;
  };
  for await (const chunk of createReadStream(file, { encoding: "utf8" }) as AsyncIterable<string>) {
    let from = 0;
    for (let nl = chunk.indexOf("\n"); nl >= 0; nl = chunk.indexOf("\n", from)) {
      append(chunk.slice(from, nl));
      take();
      from = nl + 1;
    }
    append(chunk.slice(from));
  }
  take();
  return features;

  function append(part: string): void {
    if (overlong) return;
    if (line.length + part.length > MAX_LINE_CHARS) overlong = true;
    else line += part;
  }
}
