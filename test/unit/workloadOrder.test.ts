// Workloads in one order everywhere: numeric features, then names in natural order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { naturalCompare, orderWorkloadNames, orderWorkloads } from "../../engine/campaign/workloadOrder.js";

test("names sort naturally: n-16 before n-128 before n-1024", () => {
  assert.deepEqual(["n-1024", "n-128", "n-16", "n-2048", "n-256"].sort(naturalCompare), [
    "n-16",
    "n-128",
    "n-256",
    "n-1024",
    "n-2048",
  ]);
});

test("numeric features come first, whatever the names say", () => {
  const ws = [
    { name: "small", features: { n: 1000 } },
    { name: "big", features: { n: 100000 } },
    { name: "medium", features: { n: 10000 } },
  ];
  assert.deepEqual(
    orderWorkloads(ws).map((w) => w.name),
    ["small", "medium", "big"],
  );
});

test("features in the order the workloads declare them, those that differ first, a workload with a feature before one without", () => {
  const features: Record<string, Record<string, number>> = {
    "w-b": { height: 2, width: 1 },
    "w-a": { height: 1, width: 9 },
    "w-c": { height: 1, width: 3 },
    plain: {},
  };
  assert.deepEqual(
    orderWorkloadNames(Object.keys(features), (n) => features[n]),
    ["w-c", "w-a", "w-b", "plain"],
  );
  // A constant seed declared first orders nothing; n, declared after it, does (m sorts before n by name).
  const sized: Record<string, Record<string, number>> = {
    "x-100": { m: 1, n: 100 },
    "x-9": { m: 1, n: 9 },
    "x-10": { m: 1, n: 10 },
  };
  assert.deepEqual(
    orderWorkloadNames(Object.keys(sized), (n) => sized[n]),
    ["x-9", "x-10", "x-100"],
  );
  const declared: Record<string, Record<string, number>> = { a: { n: 2, m: 1 }, b: { n: 1, m: 2 } };
  assert.deepEqual(
    orderWorkloadNames(Object.keys(declared), (n) => declared[n]),
    ["b", "a"],
    "n, declared first, decides",
  );
});
