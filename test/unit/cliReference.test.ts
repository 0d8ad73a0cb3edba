// docs/cli-reference.md against the command line itself: every command and
// subcommand that `varbench --help` lists (walked as a user would, `<command>
// --help` after `--help`) has its section, every option each help prints is in
// that section, no section names a command that is gone, and each section's
// help is the text the CLI prints now (build/scripts/cli-reference.mjs writes
// the file; run it again after changing a command).
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  cliCommands,
  heading,
  optionsOf,
  REFERENCE,
  renderReference,
  type CliCommand,
} from "../../build/scripts/cli-reference.mjs";
import { ROOT } from "../helpers/uftrace.js";

const REGENERATE = "run `node build/scripts/cli-reference.mjs` to write docs/cli-reference.md again";

/** The text of a command's section: from its heading to the next heading of its level. */
function sectionOf(reference: string, path: readonly string[]): string | null {
  const lines = reference.split("\n");
  const at = lines.indexOf(heading(path));
  if (at < 0) return null;
  const end = lines.findIndex((l, i) => i > at && l.startsWith("## "));
  return lines.slice(at + 1, end < 0 ? undefined : end).join("\n");
}

/** Commands of the CLI without a section in the reference. */
function missingCommands(reference: string, commands: readonly CliCommand[]): string[] {
  return commands.filter((c) => sectionOf(reference, c.path) === null).map((c) => ["varbench", ...c.path].join(" "));
}

/** Options of each command that its section does not name, as "command --option". */
function missingOptions(reference: string, commands: readonly CliCommand[]): string[] {
  return commands.flatMap((c) => {
    const section = sectionOf(reference, c.path) ?? "";
    // Whole options only: --on-cpu is not found inside --no-on-cpu, nor --design inside --designs.
    const named = (o: string) => new RegExp(`(^|[\\s,\`])${o}(?![\\w-])`, "m").test(section);
    return optionsOf(c.help)
      .filter((o) => !named(o))
      .map((o) => `${["varbench", ...c.path].join(" ")} ${o}`);
  });
}

/** Sections of the reference that name no command of the CLI. */
function staleSections(reference: string, commands: readonly CliCommand[]): string[] {
  const known = new Set(commands.map((c) => heading(c.path)));
  return reference.split("\n").filter((l) => /^## `varbench[ `]/.test(l) && !known.has(l));
}

describe("the command-line reference (docs/cli-reference.md)", () => {
  let commands: CliCommand[] = [];
  let reference = "";
  before(() => {
    // The help of the command as users run it: the compiled CLI, built again if the engine changed.
    execFileSync(process.execPath, [join(ROOT, "build", "scripts", "build-engine.mjs")], { stdio: "inherit" });
    commands = cliCommands();
    reference = readFileSync(REFERENCE, "utf8");
  });

  it("walks the whole command line (the walk itself finds what a user finds)", () => {
    const paths = commands.map((c) => c.path.join(" "));
    for (const p of [
      "",
      "workspace init",
      "campaign run",
      "campaign show",
      "runs list",
      "compare",
      "phases",
      "start",
      "run-one",
    ])
      assert.ok(paths.includes(p), `the walk found ${p || "the root"}`);
    const options = (p: string) => optionsOf(commands.find((c) => c.path.join(" ") === p)!.help);
    assert.ok(options("compare").includes("--fail-if-worse"));
    assert.ok(options("start").includes("--no-open") && options("start").includes("--port"));
    assert.ok(options("").includes("--workspace"));
  });

  it("has a section for every command and subcommand", () => {
    assert.deepEqual(missingCommands(reference, commands), [], REGENERATE);
  });

  it("names every option of every command in its section", () => {
    assert.deepEqual(missingOptions(reference, commands), [], REGENERATE);
  });

  it("has no section for a command the CLI no longer has", () => {
    assert.deepEqual(staleSections(reference, commands), [], REGENERATE);
  });

  it("holds each command's help as the CLI prints it now", () => {
    assert.equal(reference, renderReference(commands), REGENERATE);
  });

  it("refuses a reference that lacks a command, an option, or names a command that is gone", () => {
    const compare = heading(["compare"]);
    const withoutCompare = reference.replace(
      new RegExp(`${compare.replace(/[`]/g, "\\`")}\\n[\\s\\S]*?(?=\\n## )`),
      "",
    );
    assert.deepEqual(missingCommands(withoutCompare, commands), ["varbench compare"]);
    const withoutPort = reference
      .split("\n")
      .filter((l) => !l.startsWith("  --port <n>"))
      .join("\n");
    assert.deepEqual(missingOptions(withoutPort, commands), ["varbench start --port"]);
    const withGone = `${reference}\n## \`varbench campaign purge\`\n`;
    assert.deepEqual(staleSections(withGone, commands), ["## `varbench campaign purge`"]);
  });
});
