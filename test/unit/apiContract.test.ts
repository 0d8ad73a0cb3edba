// The API boundary: the proxy client names methods as the contract does,
// arguments are validated with field paths, unknown methods are refused.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createClient } from "../../engine/api/client.js";
import { dispatch, type Handlers } from "../../engine/api/dispatch.js";
import { METHODS, isMethodName } from "../../engine/api/contract.js";
import { ApiError } from "../../engine/errors/errors.js";
import { channelOf } from "../../engine/api/channels.js";
import { parseRoute } from "../../renderer/src/routes.js";
import { parseSide } from "../../renderer/src/lib/sides.js";

describe("API contract", () => {
  it("turns api.noun.verb(args) into the method's name and events into subscriptions", async () => {
    const calls: [string, unknown][] = [];
    const subs: string[] = [];
    const api = createClient(
      async (m, a) => (calls.push([m, a]), "ok"),
      (e) => (subs.push(e), () => {}),
    );
    assert.equal(await api.runs.get({ runId: 3 }), "ok");
    await api.workspace.info({});
    api.onCampaignProgress(() => {});
    assert.deepEqual(calls, [
      ["runs.get", { runId: 3 }],
      ["workspace.info", {}],
    ]);
    assert.deepEqual(subs, ["campaignProgress"]);
  });

  it("names every method noun.verb, with an IPC channel varbench:noun.verb", () => {
    for (const m of Object.keys(METHODS)) {
      assert.match(m, /^[a-z]+\.[a-zA-Z]+$/);
      assert.ok(isMethodName(m));
      assert.match(channelOf(m), /^varbench:[a-z]+\.[a-zA-Z]+$/);
    }
    assert.equal(isMethodName("constructor"), false);
  });

  it("validates arguments at the boundary and reports each field", async () => {
    const handlers = { "campaigns.launch": async () => "launched" } as unknown as Handlers;
    await assert.rejects(
      dispatch(handlers, "campaigns.launch", {
        projectId: 1,
        designs: [],
        workloads: ["w"],
        repetitions: 0,
        profiler: "time",
      }),
      (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.code, "invalid-arguments");
        assert.deepEqual(e.issues.map((i) => i.path).sort(), ["designs", "repetitions"]);
        return true;
      },
    );
    await assert.rejects(
      dispatch(handlers, "campaigns.launch", {
        projectId: 1,
        designs: ["a"],
        workloads: ["w"],
        repetitions: 1,
        profiler: "time",
        extra: 1,
      }),
      /extra|Unrecognized/i,
    );
    assert.equal(
      await dispatch(handlers, "campaigns.launch", {
        projectId: 1,
        designs: ["a"],
        workloads: ["w"],
        repetitions: 1,
        profiler: "time",
      }),
      "launched",
    );
    await assert.rejects(
      dispatch(handlers, "runs.delete", {}),
      (e: unknown) => e instanceof ApiError && e.code === "not-found",
    );
    await assert.rejects(
      dispatch(handlers, "__proto__", {}),
      (e: unknown) => e instanceof ApiError && e.code === "not-found",
    );
  });
});

describe("renderer routes", () => {
  it("parses every view's URL", () => {
    assert.deepEqual(parseRoute(""), { name: "home" });
    assert.deepEqual(parseRoute("#/project/4"), { name: "project", projectId: 4 });
    assert.deepEqual(parseRoute("#/project/4/launch"), { name: "launch", projectId: 4 });
    assert.deepEqual(parseRoute("#/campaign/2"), { name: "campaign", campaignId: 2 });
    assert.deepEqual(parseRoute("#/runs?campaign=3"), { name: "runs", campaignId: 3, projectId: null });
    assert.deepEqual(parseRoute("#/run/17"), { name: "run", runId: 17 });
    assert.deepEqual(parseRoute("#/compare?a=run:1&b=run:2"), { name: "compare", a: "run:1", b: "run:2" });
    assert.deepEqual(parseRoute("#/run/17/vcg"), { name: "vcg", a: "run:17", b: null, node: null });
    assert.deepEqual(parseRoute("#/run/17/vcg?vs=run:18"), { name: "vcg", a: "run:17", b: "run:18", node: null });
    assert.deepEqual(parseRoute("#/run/17/vcg?node=0"), { name: "vcg", a: "run:17", b: null, node: 0 });
    assert.deepEqual(parseRoute("#/vcg?a=design:3:x&b=design:3:y"), {
      name: "vcg",
      a: "design:3:x",
      b: "design:3:y",
      node: null,
    });
    assert.deepEqual(parseRoute("#/flame?t=design:3:x"), { name: "flame", t: "design:3:x" });
    assert.equal(parseRoute("#/run/x").name, "not-found");
  });

  it("parses comparison sides", () => {
    assert.deepEqual(parseSide("run:12"), { kind: "run", runId: 12 });
    assert.deepEqual(parseSide("design:3:blocks-60"), {
      kind: "design",
      campaignId: 3,
      design: "blocks-60",
      workload: null,
    });
    assert.deepEqual(parseSide("design:3:blocks-60:frames-60"), {
      kind: "design",
      campaignId: 3,
      design: "blocks-60",
      workload: "frames-60",
    });
    assert.equal(parseSide("design:x:y"), null);
    assert.equal(parseSide(null), null);
  });
});
