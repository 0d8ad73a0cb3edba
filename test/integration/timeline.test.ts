// Timelines (issue 31 item 3) through the workbench's API on real uftrace
// recordings: a run of work_and_wait imported into a workspace, whose calls of a
// millisecond or more (nap, usleep and the scheduler waits inside) are slices with
// the depths and durations `uftrace replay` prints, the waits flagged; the selected
// wait's chain and statistics as `uftrace report` counts its calls; and two_threads'
// three threads as three tracks holding every call replay lists for each.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { buildExamples, record, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { TimelineResult } from "../../engine/timeline/result.js";

const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };

interface ReplayCall {
  readonly tid: number;
  readonly name: string;
  readonly depth: number;
  readonly durationNs: number;
  /** One unit of the last printed digit: replay truncates. */
  readonly toleranceNs: number;
}

/** `uftrace replay -f tid,duration`, every call (a scheduler wait as uftrace names it, linux:schedule) with its depth (two spaces a level) and duration, in entry order. */
function replayCalls(dir: string): ReplayCall[] {
  const text = execFileSync("uftrace", ["replay", "-d", dir, "-f", "tid,duration"], { encoding: "utf8" });
  const calls: (ReplayCall & { durationNs: number })[] = [];
  const openOf = new Map<string, number[]>(); // per thread: replay interleaves the threads' lines
  for (const line of text.split("\n")) {
    const m = /^\s*(?:([\d.]+) (ns|us|ms|s))?\s+\[\s*(\d+)\] \| ( *)(.*)$/.exec(line);
    if (!m) continue;
    const [, value, unit, tid, indent, body] = m;
    const ns = value ? Number(value) * UNIT_NS[unit] : NaN;
    const tol = value ? 10 ** -(value.split(".")[1]?.length ?? 0) * UNIT_NS[unit] : 0;
    const depth = indent.length / 2;
    const open = openOf.get(tid) ?? [];
    openOf.set(tid, open);
    const leaf = /^(?:\/\* (linux:[^*]+?) \*\/|([\w.:@]+)\(\);)$/.exec(body);
    const enter = /^([\w.:@]+)\(\) \{$/.exec(body);
    // A wait whose thread's output another thread's interleaves is printed as a sched-out line and a sched-in line.
    const out = /^\/\* linux:sched-out( \(pre-empted\))? \*\/$/.exec(body);
    if (out) {
      const name = `linux:schedule${out[1] ?? ""}`;
      open.push(calls.push({ tid: Number(tid), name, depth, durationNs: NaN, toleranceNs: 0 }) - 1);
    } else if (/^\/\* linux:sched-in \*\/$/.test(body)) {
      const i = open.pop()!;
      calls[i] = { ...calls[i], durationNs: ns, toleranceNs: tol };
    } else if (leaf)
      calls.push({ tid: Number(tid), name: leaf[1] ?? leaf[2], depth, durationNs: ns, toleranceNs: tol });
    else if (enter)
      open.push(calls.push({ tid: Number(tid), name: enter[1], depth, durationNs: NaN, toleranceNs: 0 }) - 1);
    else if (/^\} \/\*/.test(body)) {
      const i = open.pop()!;
      calls[i] = { ...calls[i], durationNs: ns, toleranceNs: tol };
    }
  }
  return calls;
}

/** The slices of a track in entry order (by start, outer first). */
function entryOrder(r: TimelineResult, key: string) {
  const t = r.tracks.find((x) => x.key === key)!;
  return [...t.slices]
    .sort((a, b) => a.startNs - b.startNs || a.depth - b.depth)
    .map((s) => ({ ...s, name: r.functions[s.fn] }));
}

let service: VarbenchService;
let api: ReturnType<typeof inProcessClient>;
let waitDir: string;
let threadsDir: string;
let wsDir: string;

describe("timelines through the API", () => {
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    buildExamples();
    // Scheduler events on (uftrace's default): each usleep holds a linux:schedule wait.
    waitDir = record("work_and_wait", ["5", "2000"]);
    threadsDir = record("two_threads", ["10"]);
    const ws = join(tempDir("timeline"), "ws");
    wsDir = ws;
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    for (const trace of [waitDir, threadsDir]) {
      const r = varbench(["-w", ws, "import", trace, "--project", "p"]);
      assert.equal(r.status, 0, r.stderr);
    }
    service = new VarbenchService(ws, { localFiles: true, remember: false });
    api = inProcessClient(service);
  });

  after(async () => {
    await service?.close();
  });

  it("draws the calls of a pixel or more with the depths and durations uftrace replay prints, waits flagged", async () => {
    const r = await api.analyses.timeline({ target: { kind: "run", runId: 1 }, width: 2000 });
    assert.equal(r.waits, true);
    assert.equal(r.tracks.length, 1);
    const key = r.tracks[0].key;
    const tid = Number(key.split("/")[1]);
    // nap, usleep and the waits: 2 ms asked each, far wider than a pixel (the run's span / 2000).
    const long = (name: string) => ["nap", "usleep", "linux:schedule"].includes(name);
    const ref = replayCalls(waitDir).filter((c) => c.tid === tid && long(c.name));
    const ours = entryOrder(r, key).filter((s) => long(s.name));
    assert.equal(ref.length, 15, "five rounds of nap > usleep > linux:schedule");
    assert.deepEqual(
      ours.map((s) => [s.name, s.depth, s.wait]),
      ref.map((c) => [c.name, c.depth, c.name === "linux:schedule"]),
    );
    ours.forEach((s, i) =>
      assert.ok(
        Math.abs(s.endNs - s.startNs - ref[i].durationNs) <= ref[i].toleranceNs,
        `${s.name} #${i}: ${s.endNs - s.startNs} ns vs replay's ${ref[i].durationNs}`,
      ),
    );
    // Every call of the run is shown once: as a slice, or counted in a summary.
    const shown = r.tracks[0].slices.length + r.tracks[0].summaries.reduce((n, m) => n + m.count, 0);
    assert.equal(shown, replayCalls(waitDir).filter((c) => c.tid === tid).length);
  });

  it("gives a selected wait its call chain and the statistics uftrace report counts", async () => {
    const whole = await api.analyses.timeline({ target: { kind: "run", runId: 1 }, width: 2000 });
    // The nap's wait, as uftrace report counts it apart from a pre-emption (which a loaded machine may add to work).
    const wait = whole.tracks[0].slices.find((s) => s.wait && whole.functions[s.fn] === "linux:schedule")!;
    const r = await api.analyses.timeline({
      target: { kind: "run", runId: 1 },
      width: 2000,
      select: { thread: whole.tracks[0].key, context: wait.context },
    });
    assert.deepEqual(r.selected!.path, ["main", "nap", "usleep", "linux:schedule"]);
    const ref = uftraceReport(waitDir).get("linux:schedule")!;
    assert.equal(r.selected!.stats!.n, ref.calls);
    assert.ok(Math.abs(r.selected!.stats!.inclusiveNs - ref.totalNs) <= ref.toleranceNs * ref.calls + ref.calls);
    // A window around the first wait only: the calls in it, the wait as wide as the window's middle.
    const zoom = await api.analyses.timeline({
      target: { kind: "run", runId: 1 },
      fromNs: wait.startNs,
      toNs: wait.endNs,
      width: 100,
    });
    assert.deepEqual([zoom.fromNs, zoom.toNs], [wait.startNs, wait.endNs]);
    assert.ok(zoom.tracks[0].slices.every((s) => s.endNs > wait.startNs && s.startNs < wait.endNs));
  });

  it("leaves the switched-out time out of each call on-CPU: nap as long as replay's nap less its wait", async () => {
    const r = await api.analyses.timeline({ target: { kind: "run", runId: 1 }, width: 2000, onCpu: true });
    assert.equal(r.onCpu, true);
    assert.ok(r.tracks[0].slices.every((s) => !s.wait) && r.tracks[0].summaries.every((m) => m.waitNs === 0));
    assert.match(r.notes.join("\n"), /on-CPU time: each thread's clock leaves out the time it was switched out/);
    const tid = Number(r.tracks[0].key.split("/")[1]);
    const ref = replayCalls(waitDir).filter((c) => c.tid === tid);
    const naps = ref.filter((c) => c.name === "nap");
    const waits = ref.filter((c) => c.name === "linux:schedule");
    assert.equal(naps.length, 5);
    assert.equal(waits.length, 5, "one wait inside each nap");
    const ours = entryOrder(r, r.tracks[0].key).filter((s) => s.name === "nap");
    assert.equal(ours.length, 5);
    ours.forEach((s, i) => {
      const expected = naps[i].durationNs - waits[i].durationNs;
      assert.ok(
        Math.abs(s.endNs - s.startNs - expected) <= naps[i].toleranceNs + waits[i].toleranceNs + 2,
        `nap #${i}: ${s.endNs - s.startNs} ns on-CPU vs replay's ${naps[i].durationNs} less ${waits[i].durationNs}`,
      );
    });
    const cli = varbench(["-w", wsDir, "timeline", "run:1", "--width", "2000", "--on-cpu", "--json"]);
    assert.equal(cli.status, 0, cli.stderr);
    assert.deepEqual(JSON.parse(cli.stdout), JSON.parse(JSON.stringify(r)));
  });

  it("gives each thread a track holding every call replay lists for it", async () => {
    const r = await api.analyses.timeline({ target: { kind: "run", runId: 2 }, width: 8192 });
    const ref = replayCalls(threadsDir);
    const tids = [...new Set(ref.map((c) => c.tid))].sort();
    assert.deepEqual(r.tracks.map((t) => t.tid).sort(), tids);
    for (const t of r.tracks) {
      const shown = t.slices.length + t.summaries.reduce((n, m) => n + m.count, 0);
      assert.equal(shown, ref.filter((c) => c.tid === t.tid).length, `thread ${t.key}`);
    }
  });

  it("gives the command line's --json the API's window", async () => {
    const viaApi = await api.analyses.timeline({ target: { kind: "run", runId: 1 }, width: 300 });
    const r = varbench(["-w", wsDir, "timeline", "run:1", "--width", "300", "--json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), JSON.parse(JSON.stringify(viaApi)));
    const text = varbench(["-w", wsDir, "timeline", "run:1", "--width", "300"]);
    assert.match(text.stdout, /linux:schedule \(switched out\)/);
    const bad = varbench(["-w", wsDir, "timeline", "run:1", "--width", "0"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--width/);
  });

  it("refuses a context the thread does not have, in words", async () => {
    await assert.rejects(
      api.analyses.timeline({ target: { kind: "run", runId: 1 }, select: { thread: "1/1", context: 0 } }),
      /no context 0 in thread 1\/1/,
    );
  });
});
