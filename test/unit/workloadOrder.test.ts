// Workloads in one order everywhere: numeric features, then names in natural order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { naturalCompare, orderWorkloadNames, orderWorkloads } from "../../engine/campaign/workloadOrder.js";

test("names sort naturally: n-16 before n-128 before n-1024", () => {
  assert.deepEqual(["n-1024", "n-128", "n-16", "n-2048", "n-256"].sort(naturalCompare), ["n-16", "n-128", "n-256", "n-1024", "n-2048"]);
});

test("numeric features come first, whatever the names say", () => {
  const ws = [
    { name: "small", features: { n: 1000 } },
    { name: "big", features: { n: 100000 } },
    { name: "medium", features: { n: 10000 } },
  ];
  assert.deepEqual(orderWorkloads(ws).map((w) => w.name), ["small", "medium", "big"]);
});

test("features in the order of their names, a workload with a feature before one without", () => {
  const features: Record<string, Record<string, number>> = {
    "w-b": { height: 2, width: 1 },
    "w-a": { height: 1, width: 9 },
    "w-c": { height: 1, width: 3 },
    plain: {},
  };
  assert.deepEqual(orderWorkloadNames(Object.keys(features), (n) => features[n]), ["w-c", "w-a", "w-b", "plain"]);
});
