// A seeded fuzz of the example campaign specs (examples/campaigns): 600 specs,
// each an example with one to three lines changed, dropped, repeated, cut or
// indented, are accepted and planned within the bounds (at most 200,000 runs)
// or refused with a SpecError naming the file; never another exception. The
// specs the hardening probe sent, each refused by hand, stay in
// test/unit/specBounds.test.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseCampaignSpec } from "../../engine/campaign/specFile.js";
import { SpecError } from "../../engine/campaign/spec.js";
import { planCampaign } from "../../engine/runner/planCampaign.js";
import { seededRandom } from "../../engine/stats/random.js";
import { ROOT } from "../helpers/uftrace.js";

describe("spec fuzz (seed 7)", () => {
  const examples = readdirSync(join(ROOT, "examples", "campaigns"))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => readFileSync(join(ROOT, "examples", "campaigns", f), "utf8"));
  const random = seededRandom(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const values = [
    "-1",
    "0",
    "1e308",
    "99999999999",
    "null",
    "[]",
    "{}",
    '"é\\u0000"',
    "true",
    "&x 1",
    "*x",
    "!!binary AAAA",
    "[[[[[[[[[[1]]]]]]]]]]",
    '"{nope}"',
    "0x10",
  ];
  const mutate = (text: string): string => {
    const lines = text.split("\n");
    const i = Math.floor(random() * lines.length);
    switch (pick(["value", "drop", "dup", "cut", "indent"])) {
      case "value":
        lines[i] = lines[i].replace(/:\s.*$/, `: ${pick(values)}`);
        return lines.join("\n");
      case "drop":
        lines.splice(i, 1);
        return lines.join("\n");
      case "dup":
        lines.splice(i, 0, lines[i]);
        return lines.join("\n");
      case "cut":
        return text.slice(0, Math.floor(random() * text.length));
      default:
        lines[i] = `   ${lines[i]}`;
        return lines.join("\n");
    }
  };

  it("accepts or refuses each mutated example with a SpecError naming the file, and plans only within the bounds", () => {
    for (let n = 0; n < 600; n++) {
      let text = pick(examples);
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) text = mutate(text);
      try {
        const spec = parseCampaignSpec(text, "fuzz.yaml");
        const runs = planCampaign(spec, ROOT, 1, "fuzz.yaml");
        assert.ok(runs.length <= 200_000);
      } catch (e) {
        assert.ok(e instanceof SpecError, `case ${n}: ${(e as Error).stack}\n---\n${text}`);
        assert.match(e.message, /^fuzz\.yaml/m);
      }
    }
  });
});
