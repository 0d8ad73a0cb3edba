// A command on a small trace file runs the engine on its own thread, one on a
// larger trace in the worker under the budget (cli/inProcessEngine.ts, issue
// 32 item 1): the user sees the same output, warnings, errors and exit status
// either way. The same 1.6 MB trace goes to the worker under a budget of 64 MB
// (64 × 1.6 MB is past it) and runs in process under 256 MB.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { tempDir } from "../helpers/uftrace.js";
import { fitsInProcess } from "../../engine/cli/inProcessEngine.js";

const WORKER = { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "64" };
const IN_PROCESS = { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "256" };

/** Two threads of frames whose decode calls vary in length, as a Chrome trace. */
function frames(count: number): string {
  const events: string[] = [];
  for (const tid of [1, 2]) {
    let ts = 0;
    events.push(`{"ph":"B","name":"main","pid":7,"tid":${tid},"ts":${ts}}`);
    for (let i = 0; i < count; i++) {
      events.push(`{"ph":"B","name":"decode_frame","pid":7,"tid":${tid},"ts":${(ts += 1)}}`);
      events.push(
        `{"ph":"B","name":"${i % 12 === 0 ? "decode_i" : "decode_p"}","pid":7,"tid":${tid},"ts":${(ts += 2)}}`,
      );
      events.push(`{"ph":"E","pid":7,"tid":${tid},"ts":${(ts += 10 + ((i * 7919) % 13) + (i % 12 === 0 ? 40 : 0))}}`);
      events.push(`{"ph":"E","pid":7,"tid":${tid},"ts":${(ts += 1)}}`);
    }
    events.push(`{"ph":"E","pid":7,"tid":${tid},"ts":${ts + 1}}`);
  }
  return `[${events.join(",\n")}]`;
}

describe("the command line's engine, in process or in the worker", () => {
  let dir: string;
  let trace: string;
  let cut: string;

  before(() => {
    dir = tempDir("cli-inprocess-");
    trace = join(dir, "frames.json");
    const text = frames(10_000);
    writeFileSync(trace, text);
    cut = join(dir, "cut.json");
    writeFileSync(cut, text.slice(0, text.length - 30));
  });

  it("the trace is routed as the test means it to be", async () => {
    const bytes = statSync(trace).size;
    assert.ok(bytes > 2 ** 20 && bytes * 64 < 256 * 2 ** 20, `${bytes} bytes`);
    assert.equal(await fitsInProcess({ target: { kind: "trace", path: trace } }, 64), false);
    assert.equal(await fitsInProcess({ target: { kind: "trace", path: trace } }, 256), true);
  });

  for (const args of [
    ["cct", "<trace>", "--json"],
    ["cct", "<trace>", "--sort", "cov", "--limit", "0"],
    ["cct", "<cut>"],
    ["cct", "<trace>", "--thread", "9"],
    ["vcg", "<trace>"],
    ["flame", "<trace>"],
  ]) {
    it(`varbench ${args.join(" ")}: the same either way`, () => {
      const argv = args.map((a) => (a === "<trace>" ? trace : a === "<cut>" ? cut : a));
      const inWorker = varbench(argv, dir, WORKER);
      const inProcess = varbench(argv, dir, IN_PROCESS);
      assert.ok(inWorker.stdout.length + inWorker.stderr.length > 0);
      assert.deepEqual(inProcess, inWorker);
    });
  }
});
