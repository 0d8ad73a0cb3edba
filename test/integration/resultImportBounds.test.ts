// Results imports are bounded as specs are and read as they stream (issue 29, item 3), through the
// real command under the engine's smallest heap budget (64 MB): a hyperfine file whose command is
// 100 MB is refused at the command's first byte in words (before, it was read whole and the engine
// ran out of its budget), a 100 MB file of few runs is imported, and a file of more runs than a
// campaign plans is refused in words; each refusal leaves the workspace as it was.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createWriteStream, writeFileSync } from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import { snapshot, varbench } from "../helpers/cli.js";
import { tempDir } from "../helpers/uftrace.js";

const budget = { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "64" };
const MB = 1 << 20;

/** Writes `head`, then `count` MiB (about) of `fill`, then `tail`, without holding them in the test either. */
async function writeLarge(file: string, head: string, fill: string, count: number, tail: string): Promise<string> {
  const out = createWriteStream(file);
  out.write(head);
  const block = fill.repeat(Math.floor(MB / fill.length));
  for (let i = 0; i < count; i++) if (!out.write(block)) await once(out, "drain");
  out.end(tail);
  await once(out, "finish");
  return file;
}

describe("results imports: bounded, and read as they stream", () => {
  let dir: string;
  let ws: string;

  before(() => {
    dir = tempDir("result-bounds");
    ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
  });

  it("refuses a command of 100 MB at its first byte, in a line, and stores nothing", async () => {
    const file = await writeLarge(
      join(dir, "long.json"),
      '{"results": [{"command": "',
      "x",
      100,
      '", "times": [0.1, 0.2]}]}',
    );
    const was = snapshot(ws);
    const r = varbench(["-w", ws, "import", file, "--project", "p"], dir, budget);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(
      r.stderr,
      `varbench: ${file}: at byte 25: a string longer than 128 KiB, which no results file holds (a command is one argument, and Linux passes none longer): not imported\n`,
    );
    assert.equal(r.stdout, "");
    assert.deepEqual(snapshot(ws), was);
  });

  it("imports a 100 MB file (its runs few, its spaces many) under a 64 MB heap", async () => {
    const file = await writeLarge(
      join(dir, "spaced.json"),
      '{"results": [{"command": "sleep 0.1", "times": [0.1, 0.2, 0.3]}]',
      " ",
      100,
      "}",
    );
    const r = varbench(["-w", ws, "import", file, "--project", "p"], dir, budget);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^campaign \d+ \(hyperfine-spaced\): hyperfine results, 1 design × 1 workload, 3 runs/);
  });

  it("prints a command's control characters as escapes, never to the terminal as they are (issue 29, item 5)", () => {
    const file = join(dir, "escapes.json");
    writeFileSync(
      file,
      JSON.stringify({
        results: [{ command: "sleep 0.1 \u001b]0;pwned\u0007\u001b[2J\u0000", times: [0.1, 0.2], exit_codes: [0, 1] }],
      }),
    );
    const r = varbench(["-w", ws, "import", file, "--project", "p"], dir, budget);
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(
      r.stdout + r.stderr,
      /[\u0000-\u0009\u000b-\u001f\u007f]/,
      "no control character but the line ends",
    );
    assert.match(r.stdout, /design sleep-0\.1-0-pwned-2J: sleep 0\.1 \\u001b\]0;pwned\\u0007\\u001b\[2J\\u0000$/m);
  });

  it("refuses more runs than a campaign plans (2,000,000 became 2,000,010 runs), naming both counts", async () => {
    const file = await writeLarge(
      join(dir, "many.json"),
      '{"results": [{"command": "true", "times": [',
      "0.001,",
      12,
      "0.001]}]}",
    );
    const was = snapshot(ws);
    const r = varbench(["-w", ws, "import", file, "--project", "p"], dir, budget);
    assert.equal(r.status, 1, r.stderr);
    const runs = Math.floor(MB / "0.001,".length) * 12 + 1;
    assert.equal(
      r.stderr,
      `varbench: ${file}: ${runs.toLocaleString("en-US")} measured runs; an import, like a campaign, holds at most 200,000 (split the file, or keep fewer repetitions)\n`,
    );
    assert.deepEqual(snapshot(ws), was);
  });
});
