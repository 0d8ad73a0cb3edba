// A design × workload whose runs ran on several Slurm nodes is flagged: the
// node is then a factor of its statistics.
import { it } from "node:test";
import assert from "node:assert/strict";
import { nodeFactorNotes } from "../../engine/campaign/nodeFactor.js";

const group = (nodes: Record<string, number>) => ({ design: "A", workload: "w", values: [], summary: null, nodes });

it("flags a group on two nodes, most runs first, and no group on one node or none", () => {
  assert.deepEqual(nodeFactorNotes([group({}), group({ n1: 5 }), { ...group({ n2: 2, n1: 3 }), design: "B" }]), [
    'B × w: its 5 measured runs ran on 2 nodes (n1: 3, n2: 2), so the node is a factor of these statistics; ask Slurm for one node (e.g. sbatchOptions: ["--nodelist=n1"]) to compare designs alone.',
  ]);
});
