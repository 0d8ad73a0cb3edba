// Every route's builder against its parser (renderer/src/paths.ts): parsing the hash `href` builds gives
// back the route and the parameters it was built from, for any text a design, workload or target may hold.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { href, parseRoute, ROUTES } from "../../renderer/src/paths.js";
import { MEASURES } from "../../engine/campaign/measures.js";

/** Text as names and targets come: with the characters a query gives meaning to (& = + # % ? / :) and spaces. */
const text = fc.string({
  unit: fc.constantFrom("a", "Z", "0", "-", "_", ".", ":", "&", "=", "+", "#", "%", "?", "/", " ", "é"),
  minLength: 1,
  maxLength: 12,
});
const id = fc.nat({ max: 1e6 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

describe("routes: every builder round-trips through parseRoute", () => {
  it("builds a hash for every route (a new route without a case below fails here)", () => {
    const tested = [
      "home",
      "project",
      "launch",
      "campaign",
      "runs",
      "run",
      "vcg",
      "compare",
      "patterns",
      "trends",
      "phases",
      "flame",
      "timeline",
      "history",
    ];
    assert.deepEqual(ROUTES.map((r) => r.name).sort(), [...tested].sort());
  });

  it("the workspace's pages", () => {
    assert.deepEqual(parseRoute(href.home()), { name: "home" });
    assert.deepEqual(parseRoute(href.home({ newProject: true })), { name: "home" });
    fc.assert(
      fc.property(id, maybe(id), maybe(id), (n, c, p) => {
        assert.deepEqual(parseRoute(href.project({ projectId: n })), { name: "project", projectId: n });
        assert.deepEqual(parseRoute(href.launch({ projectId: n })), { name: "launch", projectId: n });
        assert.deepEqual(parseRoute(href.campaign({ campaignId: n })), { name: "campaign", campaignId: n });
        assert.deepEqual(parseRoute(href.run({ runId: n })), { name: "run", runId: n });
        assert.deepEqual(parseRoute(href.timeline({ runId: n })), { name: "timeline", runId: n });
        assert.deepEqual(parseRoute(href.runs({ campaignId: c, projectId: p })), {
          name: "runs",
          campaignId: c,
          projectId: p,
        });
      }),
    );
    assert.deepEqual(parseRoute(href.runs()), { name: "runs", campaignId: null, projectId: null });
  });

  it("a project's history with its filters (varbench history's --design, --workload, --metric)", () => {
    fc.assert(
      fc.property(
        id,
        maybe(text),
        maybe(text),
        maybe(fc.constantFrom(...MEASURES)),
        (projectId, design, workload, measure) => {
          assert.deepEqual(parseRoute(href.history({ projectId, design, workload, measure })), {
            name: "history",
            projectId,
            design,
            workload,
            measure,
          });
        },
      ),
    );
  });

  it("two targets compared, a flame graph, a VCG (a run's own page when A is a run alone)", () => {
    fc.assert(
      fc.property(maybe(text), maybe(text), text, (a, b, t) => {
        assert.deepEqual(parseRoute(href.compare({ a, b })), { name: "compare", a, b });
        assert.deepEqual(parseRoute(href.flame({ t })), { name: "flame", t });
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          id.map((n) => `run:${n}`),
        ),
        maybe(text),
        maybe(id),
        (a, b, node) => {
          assert.deepEqual(parseRoute(href.vcg({ a, b, node })), { name: "vcg", a, b, node });
        },
      ),
    );
    assert.equal(href.vcg({ a: "run:17", node: 4 }), "#/run/17/vcg?node=4");
    assert.equal(href.compare({ a: "design:3:x", b: "design:3:y" }), "#/compare?a=design:3:x&b=design:3:y");
  });

  it("execution patterns, trends and phases, with only the parameters that are set", () => {
    fc.assert(
      fc.property(id, maybe(text), maybe(text), maybe(text), (campaignId, a, b, workload) => {
        assert.deepEqual(parseRoute(href.patterns({ campaignId, a, b, workload })), {
          name: "patterns",
          campaignId,
          a,
          b,
          workload,
        });
      }),
    );
    const trend = fc.record({
      campaignId: id,
      design: maybe(text),
      a: maybe(text),
      b: maybe(text),
      feature: maybe(text),
      source: maybe(text),
      functions: fc.boolean(),
      cost: maybe(text),
      fn: maybe(text),
      variable: maybe(text),
      order: maybe(text),
    });
    fc.assert(
      fc.property(trend, (q) => {
        // What a per-function page opens with is kept only on a per-function page.
        const kept = q.functions ? q : { ...q, cost: null, fn: null, variable: null, order: null };
        assert.deepEqual(parseRoute(href.trends(q)), { name: "trends", ...kept });
      }),
    );
    fc.assert(
      fc.property(
        id,
        maybe(id),
        fc.constantFrom("time" as const, "calls" as const),
        fc.constantFrom("function" as const, "chain" as const),
        (campaignId, run, time, granularity) => {
          assert.deepEqual(parseRoute(href.phases({ campaignId, run, time, granularity })), {
            name: "phases",
            campaignId,
            run,
            time,
            granularity,
          });
        },
      ),
    );
    // The page's own links, as the e2e tests read them back from the address bar.
    assert.equal(href.phases({ campaignId: 1, run: 3, time: "calls" }), "#/phases?campaign=1&run=3&time=calls");
    assert.equal(
      href.trends({ campaignId: 3, functions: true, cost: "calls", fn: "bsort", variable: "transitive" }),
      "#/trends?campaign=3&functions=1&cost=calls&fn=bsort&var=transitive",
    );
  });
});
