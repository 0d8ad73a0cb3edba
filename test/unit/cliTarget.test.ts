// engine/cli/target.ts: what the commands that take a campaign make of their arguments, on
// hand-worked cases: a campaign or a run by id or by its prefixed form, another kind refused with
// the flag that gave it, and designs or a workload the campaign does not have refused by name.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { campaignArg, checkNames, designTarget, runArg } from "../../engine/cli/target.js";

/** `f` throws an Error whose message is exactly `message`. */
function refuses(f: () => unknown, message: string): void {
  assert.throws(f, (e: Error) => e.message === message, message);
}

describe("a campaign or a run named on the command line", () => {
  it("reads a campaign as its id or campaign:<id>", () => {
    assert.deepEqual(campaignArg("3"), { kind: "campaign", campaignId: 3 });
    assert.deepEqual(campaignArg("campaign:3"), { kind: "campaign", campaignId: 3 });
  });

  it("refuses another kind of target, naming the flag that gave it", () => {
    refuses(() => campaignArg("run:3"), "run:3: name a campaign (campaign:<id> or its id)");
    refuses(() => campaignArg("design:3:merge"), "design:3:merge: name a campaign (campaign:<id> or its id)");
    refuses(() => campaignArg("run:3", "--markers"), "--markers run:3: name a campaign (campaign:<id> or its id)");
    // Not a target at all: campaign: with no id.
    assert.throws(() => campaignArg("campaign:"), /campaign: is not a target/);
  });

  it("reads a run as its id or run:<id>, and refuses a campaign", () => {
    assert.deepEqual(runArg("12"), { kind: "run", runId: 12 });
    assert.deepEqual(runArg("run:12"), { kind: "run", runId: 12 });
    refuses(() => runArg("campaign:1"), "campaign:1: name a run (its id, or run:<id>)");
  });

  it("names one design's runs, on one workload or all", () => {
    assert.deepEqual(designTarget(3, "merge", null), {
      kind: "design",
      campaignId: 3,
      design: "merge",
      workload: null,
    });
    assert.deepEqual(designTarget(3, "merge", "n-100"), {
      kind: "design",
      campaignId: 3,
      design: "merge",
      workload: "n-100",
    });
  });
});

describe("designs and a workload checked against the campaign's own", () => {
  const has = { designs: ["merge", "insertion"], workloads: ["n-100", "n-200"] };

  it("takes names the campaign has", () => {
    checkNames(3, has, ["merge", "insertion"]);
    checkNames(3, has, ["insertion", "merge"], "n-200");
  });

  it("refuses the first design it lacks, then a workload, naming those it has", () => {
    refuses(
      () => checkNames(3, has, ["merge", "quick"]),
      "--designs: campaign 3 has no design quick; its designs: merge, insertion",
    );
    refuses(
      () => checkNames(3, has, ["heap", "quick"]),
      "--designs: campaign 3 has no design heap; its designs: merge, insertion",
    );
    refuses(
      () => checkNames(3, has, ["merge", "insertion"], "n-300"),
      '--workload: campaign 3 has no workload "n-300"; its workloads: n-100, n-200',
    );
    // Names are compared as written.
    refuses(
      () => checkNames(3, has, ["Merge", "insertion"]),
      "--designs: campaign 3 has no design Merge; its designs: merge, insertion",
    );
  });
});
