// Spec mistakes as a user meets them from the command line (issue 17 item 10):
// the file, the line and the field, never a stack.
import { it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { tempDir } from "../helpers/uftrace.js";

it("names a folder given as a spec, and the line of an unknown placeholder", () => {
  const dir = tempDir("spec-cli");
  const ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const folder = join(dir, "folder.yaml");
  mkdirSync(folder);
  const a = varbench(["-w", ws, "campaign", "run", folder]);
  assert.equal(a.status, 1);
  assert.match(a.stderr, /folder\.yaml: a folder, not a spec file/);
  const spec = join(dir, "spec.yaml");
  writeFileSync(
    spec,
    [
      "project: p",
      "designs: [{ name: a }]",
      "workloads:",
      "  - name: w",
      '    argv: ["echo", "{nope}"]',
      "repetitions: 1",
      "",
    ].join("\n"),
  );
  const b = varbench(["-w", ws, "campaign", "run", spec]);
  assert.equal(b.status, 1);
  assert.match(b.stderr, /spec\.yaml:5: workloads\.0\.argv\.1: unknown variable \{nope\}/);
  for (const r of [a, b]) assert.doesNotMatch(r.stderr, /\n\s+at |EISDIR/);
});

it('names a spec given by a bare file name that is missing or empty (it read as an API field before: "varbench: : no such file")', () => {
  const dir = tempDir("spec-cli");
  const ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  writeFileSync(join(dir, "empty.yaml"), "");
  const missing = varbench(["-w", ws, "campaign", "run", "nope.yaml"], dir);
  assert.equal(missing.status, 1);
  assert.equal(missing.stderr, "varbench: nope.yaml: no such file\n");
  const empty = varbench(["-w", ws, "campaign", "run", "empty.yaml"], dir);
  assert.equal(empty.status, 1);
  assert.match(empty.stderr, /^varbench: empty\.yaml: the spec is empty/);
});
