// Runs of one design × workload that ran on several Slurm nodes: their wall
// times mix the nodes' speeds with the design's own variance, so the node is
// a factor of that group's statistics, and the person comparing is told.
import type { DistributionGroup } from "./readModels.js";

export function nodeFactorNotes(groups: readonly DistributionGroup[]): string[] {
  return groups.flatMap((g) => {
    const nodes = Object.entries(g.nodes ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (nodes.length < 2) return [];
    const runs = nodes.reduce((s, [, n]) => s + n, 0);
    return [
      `${g.design} × ${g.workload}: its ${runs} measured runs ran on ${nodes.length} nodes (${nodes.map(([node, n]) => `${node}: ${n}`).join(", ")}), so the node is a factor of these statistics; ask Slurm for one node (e.g. sbatchOptions: ["--nodelist=${nodes[0][0]}"]) to compare designs alone.`,
    ];
  });
}
