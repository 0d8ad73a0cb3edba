// The options several commands share (engine/cli/options.ts, optionParsers.ts) refuse the same
// mistakes with the same words in every command that has them, found from the command line's own
// help as a user would find them, so a command added later is checked too: --json with --csv, and
// --designs naming one design or one design twice. Each is refused before a workspace is opened
// (the one named here does not exist), so the message is the option's, not the workspace's.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { cliCommands, optionsOf, type CliCommand } from "../../build/scripts/cli-reference.mjs";
import { varbench } from "../helpers/cli.js";
import { tempDir } from "../helpers/uftrace.js";

/** The arguments a command's usage line requires, each given as "1" (a run or campaign id). */
function requiredArguments(help: string): string[] {
  const usage = help.split("\n").find((l) => l.startsWith("Usage: ")) ?? "";
  return [...usage.matchAll(/<[^>]+>/g)].map(() => "1");
}

/** `varbench <command> 1 … extra` against a workspace that does not exist: its status and stderr. */
function refusal(c: CliCommand, extra: readonly string[]): { status: number | null; stderr: string } {
  const output = optionsOf(c.help).includes("--output") ? ["-o", "-"] : [];
  return varbench([
    "-w",
    join(tempDir("cli-options"), "no-workspace"),
    ...c.path,
    ...requiredArguments(c.help),
    ...output,
    ...extra,
  ]);
}

describe("options shared by several commands", () => {
  // Built first by varbench(): cliCommands() reads the built command's help.
  varbench(["--version"]);
  const commands = cliCommands().filter((c) => !c.hidden);
  const having = (...flags: string[]) => commands.filter((c) => flags.every((f) => optionsOf(c.help).includes(f)));

  it("--json with --csv is refused in every command that has both", () => {
    const both = having("--json", "--csv");
    // campaign show, runs list, execution-patterns, compare, trends (at least).
    assert.ok(both.length >= 5, both.map((c) => c.path.join(" ")).join(", "));
    for (const c of both) {
      const designs = optionsOf(c.help).includes("--designs") ? ["--designs", "a,b"] : [];
      const r = refusal(c, ["--json", "--csv", ...designs]);
      assert.equal(r.status, 1, `${c.path.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr, "varbench: --json and --csv: choose one\n", c.path.join(" "));
    }
  });

  it("--designs refuses one design, or one design twice, in every command that has it", () => {
    const pairs = having("--designs");
    // report, execution-patterns, compare, trends.
    assert.ok(pairs.length >= 4, pairs.map((c) => c.path.join(" ")).join(", "));
    for (const c of pairs) {
      const one = refusal(c, ["--designs", "merge"]);
      assert.equal(one.status, 1, `${c.path.join(" ")}: ${one.stderr}`);
      assert.equal(one.stderr, 'varbench: --designs: name two designs, A,B (got "merge")\n', c.path.join(" "));
      const twice = refusal(c, ["--designs", "merge, merge"]);
      assert.equal(twice.status, 1, `${c.path.join(" ")}: ${twice.stderr}`);
      assert.equal(
        twice.stderr,
        'varbench: --designs: name two different designs (got "merge, merge")\n',
        c.path.join(" "),
      );
    }
  });
});
