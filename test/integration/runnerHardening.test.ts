// A workload that floods stderr (issue 17 item 3): its features are still read,
// the run and the campaign finish, and a resume has nothing left to trip on.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { tempDir } from "../helpers/uftrace.js";

/** Past V8's longest string (2^29 − 24 characters): the stderr that ended the runner on every resume. */
const FLOOD_BYTES = 560 * 1024 * 1024;

describe("runner against floods", () => {
  it("scans a 560 MB stderr for its feature line as it streams, and the campaign goes on", () => {
    const dir = tempDir("flood");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const spec = join(dir, "flood.yaml");
    writeFileSync(
      spec,
      [
        "project: flood",
        "designs: [{ name: only }]",
        "workloads:",
        `  - name: flood`,
        `    argv: ["sh", "-c", "head -c ${FLOOD_BYTES} /dev/zero >&2; printf '\\\\nvarbench:feature answer=42\\\\n' >&2"]`,
        "  - name: quiet",
        `    argv: ["sh", "-c", "echo varbench:feature answer=7 >&2"]`,
        "repetitions: 1",
        "order: sequential",
        "timeout: 10m",
        "",
      ].join("\n"),
    );
    const r = varbench(["-w", ws, "campaign", "run", spec]);
    assert.equal(r.status, 0, `${r.stderr}\n${varbench(["-w", ws, "runs", "--campaign", "1"]).stdout}`);
    const runs = JSON.parse(varbench(["-w", ws, "runs", "--campaign", "1", "--json"]).stdout) as {
      id: number;
      workload: string;
      status: string;
    }[];
    assert.deepEqual(runs.map((x) => [x.workload, x.status]).sort(), [
      ["flood", "succeeded"],
      ["quiet", "succeeded"],
    ]);
    const flood = JSON.parse(
      varbench(["-w", ws, "runs", "show", String(runs.find((x) => x.workload === "flood")!.id)]).stdout,
    ) as { features: Record<string, number> };
    assert.equal(flood.features.answer, 42);
  });
});
