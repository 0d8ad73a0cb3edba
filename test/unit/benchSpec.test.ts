// hyperfine-style commands as a campaign spec (campaign/benchSpec.ts), and
// commands split into words as sh would split them (campaign/shellWords.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { benchSpec } from "../../engine/campaign/benchSpec.js";
import { splitWords } from "../../engine/campaign/shellWords.js";
import { SpecError } from "../../engine/campaign/spec.js";

const base = {
  runs: 3,
  warmup: 1,
  parameters: [],
  profiler: { name: "time", options: [] },
  shell: "sh" as const,
  project: "bench",
};

describe("bench spec", () => {
  it("a design per command under sh -c, one workload when no parameter is given", () => {
    const s = benchSpec({ ...base, commands: ["gzip -c data", "zstd -c data"] });
    assert.deepEqual(
      s.designs.map((d) => [d.name, d.argv]),
      [
        ["gzip-c-data", ["sh", "-c", "gzip -c data"]],
        ["zstd-c-data", ["sh", "-c", "zstd -c data"]],
      ],
    );
    assert.deepEqual(s.workloads, [{ name: "default" }]);
    assert.equal(s.repetitions, 3);
    assert.equal(s.warmups, 1);
    assert.equal(s.order, "interleaved");
  });

  it("numeric lists are workloads with features, word lists are variants of each command", () => {
    const s = benchSpec({
      ...base,
      shell: "none",
      commands: ["{cc} -O{o} x.c"],
      names: ["build"],
      parameters: [
        { name: "cc", values: ["gcc", "clang"] },
        { name: "o", values: ["1", "2"] },
      ],
    });
    assert.deepEqual(
      s.designs.map((d) => [d.name, d.argv, d.variables]),
      [
        ["build-gcc", ["gcc", "-O{o}", "x.c"], { cc: "gcc" }],
        ["build-clang", ["clang", "-O{o}", "x.c"], { cc: "clang" }],
      ],
    );
    assert.deepEqual(s.workloads, [
      { name: "o-1", features: { o: 1 } },
      { name: "o-2", features: { o: 2 } },
    ]);
  });

  it("names made from commands stay distinct", () => {
    assert.deepEqual(
      benchSpec({ ...base, commands: ["sleep 1", "sleep+1"] }).designs.map((d) => d.name),
      ["sleep-1", "sleep-1-2"],
    );
  });

  it("refuses what cannot run, naming the option", () => {
    const refused = (r: Partial<Parameters<typeof benchSpec>[0]>, message: RegExp) =>
      assert.throws(
        () => benchSpec({ ...base, commands: ["true"], ...r }),
        (e: unknown) => e instanceof SpecError && message.test(e.message),
      );
    refused(
      { profiler: { name: "uftrace", options: [] } },
      /under uftrace the command must be started without a shell .*: use -N/,
    );
    refused({ parameters: [{ name: "n", values: [] }] }, /the parameter n needs values/);
    refused(
      {
        parameters: [
          { name: "n", values: ["1"] },
          { name: "n", values: ["2"] },
        ],
      },
      /the parameter n is given twice/,
    );
    refused({ runs: 0 }, /runs: must be above 0/);
    refused({ names: ["a", "b"] }, /2 names for 1 command/);
  });
});

describe("shell words", () => {
  it("splits as sh does, with quotes and backslashes, expanding nothing", () => {
    assert.deepEqual(splitWords(`grep -c "a b" 'c  d' e\\ f $HOME ""`), [
      "grep",
      "-c",
      "a b",
      "c  d",
      "e f",
      "$HOME",
      "",
    ]);
    assert.deepEqual(splitWords(`echo "say \\"hi\\" \\n"`), ["echo", 'say "hi" \\n']);
    assert.throws(() => splitWords("echo 'open"), /a single quote is not closed/);
    assert.throws(() => splitWords("   "), /an empty command/);
  });
});
