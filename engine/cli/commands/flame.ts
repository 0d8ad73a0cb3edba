// `varbench flame`: a run's, a thread's, a design's pooled runs' or a trace's
// flame graph as collapsed stacks (flamegraph.pl, speedscope, inferno), or two
// targets' differential one in difffolded.pl's two columns.
import { withApi } from "../api.js";
import { targetArg } from "../target.js";
import { FLAME_DIFF_EXPORTERS, FLAME_EXPORTERS } from "../../report/exporters.js";

export function flame(workspaceDir: string, target: string, o: { thread?: string; onCpu?: boolean; vs?: string; json: boolean }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = o.json ? "json" : "collapsed";
    if (o.vs !== undefined) {
      const d = await api.analyses.flameDiff({ a: targetArg(target, ["run", "design"]), b: targetArg(o.vs, ["run", "design"]), onCpu: o.onCpu });
      return void process.stdout.write(String(FLAME_DIFF_EXPORTERS[format].render(d, undefined)));
    }
    const g = await api.analyses.flame({ target: targetArg(target), thread: o.thread ?? null, onCpu: o.onCpu });
    process.stdout.write(String(FLAME_EXPORTERS[format].render(g, undefined)));
  });
}
