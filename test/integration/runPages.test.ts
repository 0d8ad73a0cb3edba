// What a run's page shows, through the real command line on real runs: the
// command as it ran (the design's build folder filled in).
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";

function workspace(): string {
  const ws = join(tempDir("runpages"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  return ws;
}

/** Runs a one-design campaign whose program is built in `{build_dir}` from an example's source. */
function runCampaign(ws: string, program: string, args: readonly string[], profiler: string, flags: string[]): void {
  const file = join(tempDir("spec"), "campaign.yaml");
  const source = join(ROOT, "examples", `${program}.c`);
  writeFileSync(
    file,
    [
      "project: test",
      "designs:",
      "  - name: O0",
      `    build: [gcc, ${flags.join(", ")}, -O0, -g, -o, "{build_dir}/${program}", "${source}"]`,
      "workloads:",
      `  - { name: w, argv: ["{build_dir}/${program}", ${args.map((a) => `"${a}"`).join(", ")}] }`,
      "repetitions: 1",
      `profiler: ${profiler}`,
      "",
    ].join("\n"),
  );
  const r = varbench(["-w", ws, "campaign", "run", file]);
  assert.equal(r.status, 0, r.stderr);
}

describe("a run's page", () => {
  before(buildExamples);

  it("shows the command as it ran: {build_dir} is the design's build folder", () => {
    const ws = workspace();
    runCampaign(ws, "recursion", ["5", "3"], "time", ["-Wall"]);
    const shown = JSON.parse(varbench(["-w", ws, "runs", "show", "1"]).stdout) as { argv: string[] };
    assert.deepEqual(shown.argv, [join(ws, "builds", "campaign-1", "O0", "recursion"), "5", "3"]);
  });
});
