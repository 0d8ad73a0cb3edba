// A command on a small trace file runs the engine on its own thread, one on a
// larger trace in the worker under the budget (cli/inProcessEngine.ts, issue
// 32 item 1): the user sees the same output, warnings, errors and exit status
// either way. The same 1.6 MB trace goes to the worker under a budget of 64 MB
// (64 × 1.6 MB is past it) and runs in process under 256 MB. The CCT of a
// uftrace recording runs in process whatever its length (item 2); a tree of
// more contexts than the thread's share of the budget is read again in the
// worker: deep_stack's 40,000 nested contexts under 64 MB (16,384 at 2 KB
// each in half of it), in process under 256 MB.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { buildExamples, record, tempDir } from "../helpers/uftrace.js";
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

  let deep: string;

  before(() => {
    buildExamples();
    // 20,001 descends and as many leaves, each level a context of its own; past uftrace's default of 1,024.
    deep = record("deep_stack", ["20000", "1"], ["--no-event", "--max-stack=30000"]);
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
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: trace } }, 64), false);
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: trace } }, 256), true);
  });

  it("a uftrace recording's CCT runs in process whatever its event files' size; its other analyses by the rule", async () => {
    const recording = tempDir("cli-inprocess-rec-");
    writeFileSync(join(recording, "info"), "x".repeat(1000));
    writeFileSync(join(recording, "1.dat"), Buffer.alloc(8 * 2 ** 20));
    assert.equal(await fitsInProcess("analyses.cct", { target: { kind: "trace", path: recording } }, 64), true);
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: recording } }, 4096), false);
    // Not a recording (no info file): its .dat files count.
    const other = tempDir("cli-inprocess-dat-");
    writeFileSync(join(other, "1.dat"), Buffer.alloc(8 * 2 ** 20));
    assert.equal(await fitsInProcess("analyses.cct", { target: { kind: "trace", path: other } }, 4096), false);
    // deep_stack's recording: in process for its CCT under either budget, its VCG in the worker under 64 MB.
    assert.equal(await fitsInProcess("analyses.cct", { target: { kind: "trace", path: deep } }, 64), true);
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: deep } }, 64), false);
  });

  it("varbench cct <deep recording> --limit 20: read again in the worker under 64 MB, the same as in process", () => {
    const argv = ["cct", deep, "--limit", "20"];
    const inWorker = varbench(argv, dir, WORKER);
    const inProcess = varbench(argv, dir, IN_PROCESS);
    assert.equal(inWorker.status, 0, inWorker.stderr);
    // An entry and an exit a call, every call at a depth of its own: as many contexts as half the events.
    const events = Number(/^\S+: (\d+) events/.exec(inWorker.stdout)?.[1]);
    assert.ok(events / 2 > 40_000, `${events} events`);
    assert.deepEqual(inProcess, inWorker);
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
