// A chain of 100,000 nested calls (issue 17 item 2): `varbench cct` grew past
// 4 GB and died, every context holding its whole chain. Now it answers in a
// 512 MB heap, with the heaviest contexts whose chains fit and a warning; and
// asked for the heaviest few, it lists them without a warning about the rest.
import { it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { ROOT, tempDir } from "../helpers/uftrace.js";

const DEPTH = 100_000;

it("tables a 100,000-deep Chrome trace in a 512 MB engine: heaviest contexts first, the cut said", () => {
  // f(i mod 7) entered at i µs and left at 2·DEPTH − i µs: context i's inclusive time is 2·(DEPTH − i) µs.
  const events: string[] = [];
  for (let i = 0; i < DEPTH; i++) events.push(`{"ph":"B","name":"f${i % 7}","pid":1,"tid":1,"ts":${i}}`);
  for (let i = DEPTH - 1; i >= 0; i--)
    events.push(`{"ph":"E","name":"f${i % 7}","pid":1,"tid":1,"ts":${2 * DEPTH - i}}`);
  const file = join(tempDir("deep"), "deep.json");
  writeFileSync(file, `[${events.join(",\n")}]`);
  varbench(["--help"]); // the engine built once
  const table = (...options: string[]) => {
    const r = spawnSync(process.execPath, [join(ROOT, "bin", "varbench.js"), "cct", file, "--json", ...options], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
      env: { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "512" },
    });
    assert.equal(r.status, 0, r.stderr.slice(0, 2000));
    const t = JSON.parse(r.stdout) as { contexts: { path: string[]; inclusiveNs: number }[]; warnings: string[] };
    t.contexts.forEach((row, i) => {
      assert.equal(row.path.length, i + 1, "heaviest first: the outermost calls");
      assert.equal(row.inclusiveNs, 2 * (DEPTH - i) * 1000);
    });
    return t;
  };
  const all = table("--limit", "0");
  assert.ok(all.contexts.length > 0 && all.contexts.length < DEPTH);
  assert.ok(
    all.warnings.some((w) =>
      /heaviest of 100,000 contexts are listed: the others' call chains, up to 100,000 calls deep, would not fit/.test(
        w,
      ),
    ),
    all.warnings.join("\n"),
  );
  const few = table("--limit", "3");
  assert.equal(few.contexts.length, 3);
  assert.deepEqual(few.warnings, [], "the three asked for are all listed: nothing to say of the others");
});

it("says so when a Chrome trace's E comes before its B, instead of a silent empty tree", () => {
  const file = join(tempDir("eb"), "eb.json");
  writeFileSync(
    file,
    '[{"ph":"E","name":"f","pid":1,"tid":1,"ts":5},{"ph":"B","name":"f","pid":1,"tid":1,"ts":1},{"ph":"E","name":"g","pid":1,"tid":1,"ts":6}]',
  );
  const r = varbench(["cct", file]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout + r.stderr, /2 E events with no open B event .* were skipped/);
});

it("refuses a Chrome event of 20 MB and a text trace line of 2 MB in words, holding neither", () => {
  const dir = tempDir("huge");
  const chrome = join(dir, "huge.json");
  writeFileSync(chrome, `[{"ph":"X","name":"${"n".repeat(20 << 20)}","pid":1,"tid":1,"ts":1,"dur":2}]`);
  const a = varbench(["cct", chrome]);
  assert.equal(a.status, 1);
  assert.match(a.stderr, /huge\.json: at byte 1: an event of more than 16 MiB: no call event is that large/);
  const text = join(dir, "huge.txt");
  writeFileSync(text, `# varbench-events 1\nB 1 1 0 ${"x".repeat(2 << 20)}\n`);
  const b = varbench(["cct", text]);
  assert.equal(b.status, 1);
  assert.match(b.stderr, /huge\.txt: at byte 20: line 2 is longer than 1 Mi characters: not a trace line/);
  assert.doesNotMatch(b.stderr, /\n\s+at /);
});
