// Campaign specs the hardening probe sent (issue 17 items 4 and 10): each is
// refused with the file, the line and the field, before anything is planned
// (a seeded fuzz of the example specs: test/stress/specBounds.test.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseCampaignSpec } from "../../engine/campaign/specFile.js";
import { SpecError } from "../../engine/campaign/spec.js";
import { planCampaign } from "../../engine/runner/planCampaign.js";
import { ROOT } from "../helpers/uftrace.js";

const BASE = [
  "project: p",
  "designs: [{ name: a }, { name: b }]",
  "workloads:",
  "  - name: w",
  '    argv: ["true"]',
  "repetitions: 3",
];

function refused(lines: string[], pattern: RegExp): void {
  assert.throws(
    () => parseCampaignSpec(lines.join("\n"), "spec.yaml"),
    (e: Error) => e instanceof SpecError && pattern.test(e.message),
  );
}

describe("spec bounds", () => {
  it("refuses a billion repetitions or warm-ups, naming the runs it would plan", () => {
    refused([...BASE.slice(0, 5), "repetitions: 1000000000"], /^spec\.yaml:6: repetitions: /);
    refused([...BASE, "warmups: 1000000000"], /^spec\.yaml:7: warmups: /);
    refused(
      [...BASE.slice(0, 5), "repetitions: 150000"],
      /spec\.yaml:6: repetitions: 2 design\(s\) × 1 workload\(s\) × \(150000 repetitions \+ 0 warm-ups\) is 300,000 runs; a campaign plans at most 200,000/,
    );
  });

  it("refuses a concurrency of a million, a timeout of 0 s or past Node's timers, and CPUs past Linux's", () => {
    refused([...BASE, "concurrency: 1000000"], /spec\.yaml:7: concurrency: at most 256 runs at once/);
    refused([...BASE, "timeout: 0s"], /spec\.yaml:7: timeout: between 1 ms and 24 days/);
    refused([...BASE, "timeout: 2147484s"], /spec\.yaml:7: timeout: between 1 ms and 24 days/);
    refused([...BASE, 'cpus: "0-999999"'], /spec\.yaml:7: cpus: CPU numbers go up to 8191/);
    refused([...BASE, 'cpus: "3-2"'], /a range goes up/);
  });

  it("refuses a timeout of no duration format in words, with its line (the range check read it as null)", () => {
    for (const t of ['"-5s"', "30d", '""', "[1]", "null", "5 s"]) {
      refused(
        [...BASE, `timeout: ${t}`],
        /^spec\.yaml:7: timeout: a number of seconds or a time with its unit, e\.g\. "500ms", "30s", "2m", "10h"$/,
      );
    }
    refused([...BASE, "timeout: -5"], /^spec\.yaml:7: timeout: a positive number of seconds$/);
  });

  it("accepts hours, up to Node's timers", () => {
    const plan = (t: string) =>
      planCampaign(parseCampaignSpec([...BASE, `timeout: ${t}`].join("\n"), "spec.yaml"), ROOT, 1, "spec.yaml")[0].plan
        .timeoutMs;
    assert.equal(plan("10h"), 36_000_000);
    assert.equal(plan("1.5h"), 5_400_000);
    assert.equal(plan("596h"), 2_145_600_000);
    refused([...BASE, "timeout: 597h"], /spec\.yaml:7: timeout: between 1 ms and 24 days/);
  });

  it("refuses a CPU this machine does not have when the campaign is planned", () => {
    const spec = parseCampaignSpec([...BASE, 'cpus: "0,8000"'].join("\n"), "spec.yaml");
    assert.throws(() => planCampaign(spec, ROOT, 1, "spec.yaml"), /cpus: this machine has CPUs 0-\d+; 8000 not/);
  });

  it("refuses two designs or two workloads of one name, at the second", () => {
    refused(
      ["project: p", "designs: [{ name: a }, { name: a }]", "workloads: [{ name: w, argv: [x] }]", "repetitions: 1"],
      /spec\.yaml:2: designs\.1\.name: a is named twice/,
    );
    refused(
      [
        "project: p",
        "designs: [{ name: a }]",
        "workloads:",
        "  - { name: w, argv: [x] }",
        "  - { name: w, argv: [y] }",
        "repetitions: 1",
      ],
      /spec\.yaml:5: workloads\.1\.name: w is named twice/,
    );
  });

  it("says an empty spec is empty, and stops an alias bomb", () => {
    refused([""], /^spec\.yaml: the spec is empty/);
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(", ")}]`,
      ),
    ];
    refused(bomb, /^spec\.yaml: YAML: .*alias/i);
  });
});
