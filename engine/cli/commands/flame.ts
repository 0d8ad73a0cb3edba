// `varbench flame`: a run's, a thread's, a design's pooled runs' or a trace's
// flame graph as collapsed stacks (flamegraph.pl, speedscope, inferno), or two
// targets' differential one in difffolded.pl's two columns. Lines are written
// as they are made, so memory stays bounded by the tree's depth; the reader's
// warnings go to stderr.
import { once } from "node:events";
import { withApi } from "../api.js";
import { targetArg } from "../target.js";
import { collapsedLines, flameCounts, flameDiffCounts } from "../../report/flameCollapsed.js";
import { printJson } from "../format/jsonOut.js";

/** Bytes gathered before each write to stdout. */
const CHUNK = 1 << 20;

export function flame(
  workspaceDir: string,
  target: string,
  o: { thread?: string; onCpu?: boolean; vs?: string; json: boolean },
): Promise<void> {
  if (o.vs !== undefined && o.thread !== undefined)
    throw new Error("--thread picks a thread of one run or trace; with --vs both sides take all their threads");
  return withApi(workspaceDir, async (api) => {
    if (o.vs !== undefined) {
      const d = await api.analyses.flameDiff({
        a: targetArg(target, ["run", "design"]),
        b: targetArg(o.vs, ["run", "design"]),
        onCpu: o.onCpu,
      });
      return o.json ? printJson(d) : write(collapsedLines(d, flameDiffCounts(d)));
    }
    const g = await api.analyses.flame({ target: targetArg(target), thread: o.thread ?? null, onCpu: o.onCpu });
    for (const w of g.warnings) process.stderr.write(`warning: ${w}\n`);
    return o.json ? printJson(g) : write(collapsedLines(g, flameCounts(g)));
  });
}

async function write(lines: Iterable<string>): Promise<void> {
  let chunk = "";
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length < CHUNK) continue;
    if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
    chunk = "";
  }
  if (chunk) process.stdout.write(chunk);
}
