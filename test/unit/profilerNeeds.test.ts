// Every profiler says what it needs and gives, and the user guide quotes the same words.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PROFILER_NAMES } from "../../engine/campaign/spec.js";
import { describeProfilerNeeds, PROFILER_NEEDS } from "../../engine/cct/profilerNeeds.js";

describe("profilerNeeds", () => {
  it("declares every profiler, and no other", () => {
    assert.deepEqual(Object.keys(PROFILER_NEEDS).sort(), [...PROFILER_NAMES].sort());
    assert.equal(describeProfilerNeeds("gprof"), null);
  });

  it("tells what uftrace needs of the build (issue 31 item 6)", () => {
    assert.match(describeProfilerNeeds("uftrace")!, /^needs .*-pg.*-finstrument-functions/);
    assert.match(describeProfilerNeeds("gcov")!, /--coverage/);
  });

  it("is what the user guide's table says", () => {
    const guide = readFileSync(new URL("../../docs/user-guide.md", import.meta.url), "utf8");
    for (const [p, n] of Object.entries(PROFILER_NEEDS))
      assert.ok(guide.includes(`| \`${p}\` | ${n.needs} | ${n.gives} |`), `docs/user-guide.md's row of ${p}`);
  });
});
