// `varbench export-trace` as users run it (issue 16: "an exported Chrome JSON
// re-imports to the same CCT"): real uftrace traces, one thread and three, with
// scheduler events, cut short, and time-filtered, exported, imported again with
// `varbench import`, and compared context by context with `varbench cct --json`;
// the file's structure as Perfetto and speedscope read it; a trace thousands of
// calls deep exported in a heap far smaller than its JSON.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  createReadStream,
  existsSync,
  openSync,
  closeSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { buildExamples, FIXTURES, record, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import { ApiError } from "../../engine/errors/errors.js";

const UFTRACE = join(FIXTURES, "uftrace", "0.13");
const TWO_THREADS = join(UFTRACE, "two_threads");

interface ContextRow {
  readonly path: readonly string[];
  readonly n: number;
  readonly meanNs: number;
  readonly stdNs: number;
  readonly minNs: number;
  readonly maxNs: number;
  readonly inclusiveNs: number;
  readonly selfNs: number;
}
interface CctJson {
  readonly threads: readonly { pid: number; tid: number; name: string | null }[];
  readonly warnings: readonly string[];
  readonly contexts: readonly ContextRow[];
}
interface ChromeEvent {
  readonly ph: string;
  readonly name: string;
  readonly ts: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string };
}
interface ChromeFile {
  readonly traceEvents: readonly ChromeEvent[];
  readonly displayTimeUnit: string;
  readonly otherData: Record<string, unknown>;
}

let ws: string;

function ok(args: readonly string[]): string {
  const r = varbench(args);
  assert.equal(r.status, 0, `varbench ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

function cct(target: string, extra: readonly string[] = []): CctJson {
  return JSON.parse(ok(["-w", ws, "cct", target, "--json", "--limit", "0", ...extra])) as CctJson;
}

/** Exports `target` to a new file and imports that file as a run; returns the file and the run. */
function roundTrip(target: string, extra: readonly string[] = []): { file: string; run: string; stderr: string } {
  const file = join(tempDir("chrome-export"), "trace.json");
  const r = varbench(["-w", ws, "export-trace", target, "-o", file, ...extra]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`wrote ${file}: Chrome trace JSON, \\d+ calls in \\d+ thread\\(s\\)`));
  const imported = ok(["-w", ws, "import", file, "--project", "exports"]);
  const m = /^run (\d+): chrome trace, (\d+) events/.exec(imported);
  assert.ok(m, imported);
  return { file, run: `run:${m[1]}`, stderr: r.stderr };
}

/** Every context of A is in B with the same N, and the same times within the 1 ns the export rounds to. */
function assertSameContexts(a: CctJson, b: CctJson, label: string): void {
  const key = (r: ContextRow) => r.path.join(" > ");
  const rowsB = new Map(b.contexts.map((r) => [key(r), r]));
  assert.deepEqual(b.contexts.map(key).sort(), a.contexts.map(key).sort(), `${label}: same contexts`);
  assert.ok(a.contexts.length > 0, `${label}: has contexts`);
  for (const x of a.contexts) {
    const y = rowsB.get(key(x))!;
    assert.equal(y.n, x.n, `${label}: ${key(x)}: N`);
    for (const f of ["inclusiveNs", "selfNs", "meanNs", "minNs", "maxNs", "stdNs"] as const) {
      assert.ok(Math.abs(x[f] - y[f]) <= 1, `${label}: ${key(x)}: ${f} ${x[f]} vs ${y[f]}`);
    }
  }
}

function readChrome(file: string): ChromeFile {
  return JSON.parse(readFileSync(file, "utf8")) as ChromeFile;
}

/** How many calls the builder's warnings say it closed at the end. */
function closedAtEnd(c: CctJson): number {
  return c.warnings.reduce((n, w) => n + Number(/(\d+) call\(s\) still open at the end/.exec(w)?.[1] ?? 0), 0);
}

before(() => {
  buildExamples();
  process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  ws = join(tempDir("chrome-export"), "ws");
  ok(["workspace", "init", ws]);
});

describe("varbench export-trace", () => {
  it("exports uftrace traces that re-import to the same CCT: one thread, three threads, scheduler events", () => {
    const runs = new Map<string, string>();
    for (const trace of ["frame_loop", "nested_chain", "two_threads", "variance/listing1"].map((t) =>
      join(UFTRACE, t),
    )) {
      const { run } = roundTrip(trace);
      assertSameContexts(cct(trace), cct(run), trace);
      runs.set(trace, run);
    }
    // Thread by thread too: each thread's calls stay in their thread.
    const run = runs.get(TWO_THREADS)!;
    const threads = cct(TWO_THREADS).threads;
    assert.equal(threads.length, 3);
    assert.deepEqual(
      cct(run).threads.map((t) => `${t.pid}/${t.tid}`),
      threads.map((t) => `${t.pid}/${t.tid}`),
    );
    for (const t of threads)
      assertSameContexts(
        cct(TWO_THREADS, ["--thread", `${t.pid}/${t.tid}`]),
        cct(run, ["--thread", `${t.pid}/${t.tid}`]),
        `thread ${t.tid}`,
      );
  });

  it("exports a run of the workspace, naming where it came from and the command that makes it again", () => {
    const first = /^run (\d+):/.exec(ok(["-w", ws, "import", TWO_THREADS, "--project", "p", "--workload", "w20"]))![1];
    const { file, run } = roundTrip(first);
    assertSameContexts(cct(`run:${first}`), cct(run), `run ${first}`);
    const o = readChrome(file).otherData;
    assert.equal(o.runId, Number(first));
    assert.equal(o.workspace, ws);
    assert.equal(o.sourceFormat, "uftrace");
    assert.match(String(o.source), new RegExp(`^run ${first} \\(w20\\)$`));
    assert.equal(o.command, `varbench -w ${ws} export-trace run:${first} -o ${file}`);
    assert.match(String(o.generator), /^Varbench \d+\.\d+\.\d+$/);
  });

  it("writes the command that makes it again shell-quoted: a workspace in a folder of spaces, quotes and $( ) is one argument", () => {
    const odd = join(tempDir("chrome-export"), "it's a $(touch pwned) ws");
    ok(["workspace", "init", odd]);
    const id = /^run (\d+):/.exec(ok(["-w", odd, "import", TWO_THREADS, "--project", "p"]))![1];
    const file = join(tempDir("chrome-export"), "a b.json");
    const r = varbench(["-w", odd, "export-trace", `run:${id}`, "-o", file]);
    assert.equal(r.status, 0, r.stderr);
    const command = String(readChrome(file).otherData.command);
    const words = spawnSync("sh", ["-c", 'eval "set -- $1"; printf \'%s\\0\' "$@"', "sh", command], {
      encoding: "utf8",
    })
      .stdout.split("\0")
      .slice(0, -1);
    assert.deepEqual(words, ["varbench", "-w", odd, "export-trace", `run:${id}`, "-o", file]);
  });

  it("writes what Perfetto and speedscope read: traceEvents of B/E with ph, ts, pid, tid and name, thread_name metadata first", () => {
    const file = join(tempDir("chrome-export"), "two_threads.json");
    ok(["export-trace", TWO_THREADS, "-o", file]);
    const text = readFileSync(file, "utf8");
    const json = readChrome(file);
    assert.ok(Array.isArray(json.traceEvents) && json.traceEvents.length > 0);
    assert.equal(json.displayTimeUnit, "ns");
    assert.equal(
      json.otherData.openAtEnd,
      "closed at their thread's last event time, as Varbench's calling-context tree closes them",
    );
    // Every event has ph and ts (speedscope's older importers reject a file otherwise), pid, tid and a name.
    for (const e of json.traceEvents) {
      assert.ok(["B", "E", "M"].includes(e.ph), e.ph);
      assert.equal(typeof e.ts, "number");
      assert.ok(Number.isInteger(e.pid) && Number.isInteger(e.tid), JSON.stringify(e));
      assert.equal(typeof e.name, "string");
      // speedscope tells frames apart by name and args: calls carry no args.
      if (e.ph !== "M") assert.equal(e.args, undefined);
    }
    // Microseconds with three decimals: whole nanoseconds.
    const stamps = [...text.matchAll(/"ph":"[BE]".*"ts":(-?\d+(?:\.\d+)?)\}/g)].map((m) => m[1]);
    assert.equal(stamps.length, json.traceEvents.filter((e) => e.ph !== "M").length);
    assert.ok(
      stamps.every((s) => /^-?\d+\.\d{3}$/.test(s)),
      "ts to the nanosecond",
    );
    const byThread = new Map<string, ChromeEvent[]>();
    for (const e of json.traceEvents) {
      const k = `${e.pid}/${e.tid}`;
      if (!byThread.has(k)) byThread.set(k, []);
      byThread.get(k)!.push(e);
    }
    assert.equal(byThread.size, 3);
    for (const [k, events] of byThread) {
      // The thread's name comes before its first call; B and E nest and are in time order, as the format requires.
      assert.equal(events[0].ph, "M", k);
      assert.equal(events[0].name === "process_name" ? events[1].name : events[0].name, "thread_name");
      const named = events.find((e) => e.name === "thread_name")!;
      assert.equal(typeof named.args?.name, "string");
      const open: string[] = [];
      let last = -Infinity;
      for (const e of events.filter((x) => x.ph !== "M")) {
        assert.ok(e.ts >= last, `${k}: time order at ${e.name} ${e.ts}`);
        last = e.ts;
        if (e.ph === "B") open.push(e.name);
        else assert.equal(open.pop(), e.name, `${k}: E ${e.name} closes the innermost B`);
      }
      assert.deepEqual(open, [], `${k}: balanced`);
    }
    assert.ok(json.traceEvents.some((e) => e.name === "process_name" && e.args?.name === "two_threads"));
    // The same events on standard output.
    const piped = varbench(["export-trace", TWO_THREADS, "-o", "-"]);
    assert.equal(piped.status, 0, piped.stderr);
    assert.deepEqual((JSON.parse(piped.stdout) as ChromeFile).traceEvents, json.traceEvents);
  });

  it("closes calls still open at the end of a trace cut short at its threads' last time, and says so", () => {
    // two_threads with the main thread's and one worker's records cut (at a record boundary) part way.
    const cut = join(tempDir("chrome-cut"), "two_threads");
    cpSync(TWO_THREADS, cut, { recursive: true });
    for (const [file, share] of [
      ["5397.dat", 0.5],
      ["5399.dat", 0.6],
    ] as const) {
      const size = statSync(join(cut, file)).size;
      truncateSync(join(cut, file), Math.floor((size * share) / 16) * 16);
    }
    const original = cct(cut);
    assert.ok(closedAtEnd(original) > 0, "the cut trace has open calls");
    const { file, run, stderr } = roundTrip(cut);
    assert.match(stderr, /call\(s\) still open at the end of the trace were closed at its last time/);
    assert.equal(readChrome(file).otherData.closedAtEnd, closedAtEnd(original));
    const again = cct(run);
    assert.equal(closedAtEnd(again), 0, "the export is well nested");
    assertSameContexts(original, again, "cut trace");
  });

  it("re-applies a recording's time filter (uftrace -t): calls shorter than it are left out, their time their caller's", () => {
    // A real recording with -t 1us, and the frame loop's unfiltered records with -t 150ns in its options,
    // which only the readers apply (idct_block and motion_compensate calls last 100–200 ns).
    const recorded = record("frame_loop", ["60", "120"], ["--no-event", "-t", "1us"]);
    const refiltered = join(tempDir("chrome-filter"), "frame_loop");
    cpSync(join(UFTRACE, "frame_loop"), refiltered, { recursive: true });
    writeFileSync(join(refiltered, "default.opts"), "-t 150ns\n");
    for (const [trace, filterNs] of [
      [recorded, 1000],
      [refiltered, 150],
    ] as const) {
      const { file, run } = roundTrip(trace);
      const o = readChrome(file).otherData;
      assert.equal(o.timeFilterNs, filterNs);
      assertSameContexts(cct(trace), cct(run), trace);
      if (trace === refiltered)
        assert.ok(Number(o.callsFilteredOut) > 1000, `calls left out: ${String(o.callsFilteredOut)}`);
    }
    // On-CPU time (uftrace's scheduler events left out of the clock) exports the CCT `cct --on-cpu` builds.
    const listing = join(UFTRACE, "variance", "listing1");
    const { file, run } = roundTrip(listing, ["--on-cpu"]);
    assert.equal(readChrome(file).otherData.onCpu, true);
    assertSameContexts(cct(listing, ["--on-cpu"]), cct(run), "on-CPU");
  });

  it("exports a trace 10,000 calls deep in a heap smaller than its JSON, one event per line", async () => {
    const dir = tempDir("chrome-deep");
    const trace = join(dir, "deep.txt");
    const depth = 10_000;
    const repeats = 40;
    const fd = openSync(trace, "w");
    writeSync(fd, "# varbench-events 1\n");
    let t = 0;
    for (let r = 0; r < repeats; r++) {
      const lines: string[] = [];
      for (let d = 0; d < depth; d++) lines.push(`B 1 1 ${(t += 3)} f${d % 7}`);
      for (let d = depth - 1; d >= 0; d--) lines.push(`E 1 1 ${(t += 2)} f${d % 7}`);
      writeSync(fd, `${lines.join("\n")}\n`);
    }
    closeSync(fd);
    const out = join(dir, "deep.json");
    ok(["--help"]); // builds the CLI first
    const heapMiB = 32;
    const r = spawnSync(
      process.execPath,
      [`--max-old-space-size=${heapMiB}`, join(ROOT, "bin", "varbench.js"), "export-trace", trace, "-o", out],
      { encoding: "utf8" },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.ok(statSync(out).size > heapMiB * 2 ** 20, `the JSON (${statSync(out).size} bytes) is larger than the heap`);
    let begins = 0;
    let ends = 0;
    let open = 0;
    let deepest = 0;
    for await (const line of createInterface({ input: createReadStream(out) })) {
      if (line.startsWith('{"ph":"B"')) {
        begins++;
        deepest = Math.max(deepest, ++open);
      } else if (line.startsWith('{"ph":"E"')) {
        ends++;
        open--;
      }
    }
    assert.deepEqual(
      { begins, ends, open, deepest },
      { begins: depth * repeats, ends: depth * repeats, open: 0, deepest: depth },
    );
    // Read again, the top of the tree is the text trace's.
    const top = (target: string) =>
      (JSON.parse(ok(["cct", target, "--json", "--limit", "3"])) as CctJson).contexts.map(
        ({ path, n, inclusiveNs, selfNs }) => ({ path, n, inclusiveNs, selfNs }),
      );
    assert.deepEqual(top(out), top(trace));
  });

  it("refuses what it cannot export, in words, and leaves no half-written file", async () => {
    const dir = tempDir("chrome-refuse");
    const design = varbench(["-w", ws, "export-trace", "design:1:x", "-o", join(dir, "x.json")]);
    assert.equal(design.status, 1);
    assert.match(
      design.stderr,
      /a trace is exported from a run id .* or a trace file or uftrace data directory; not a design's runs/,
    );
    const json = join(dir, "t.json");
    ok(["export-trace", TWO_THREADS, "-o", json]);
    const before = readFileSync(json, "utf8");
    const self = varbench(["export-trace", json, "-o", json]);
    assert.equal(self.status, 1);
    assert.match(self.stderr, /is the trace being exported: write the export elsewhere/);
    assert.equal(readFileSync(json, "utf8"), before, "the trace is untouched");
    const broken = join(dir, "broken.json");
    writeFileSync(
      broken,
      '{"traceEvents":[{"ph":"B","name":"main","pid":1,"tid":1,"ts":1},{"ph":"E","name":"main","pid":1,"tid":1}]}',
    );
    const bad = varbench(["export-trace", broken, "-o", join(dir, "out.json")]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /broken\.json: at byte \d+: event has no numeric "ts"/);
    assert.equal(existsSync(join(dir, "out.json")), false, "no half-written export");
    // Browser mode names stored runs only: no file is written from there.
    const service = new VarbenchService(ws, { localFiles: false });
    try {
      await assert.rejects(
        inProcessClient(service).runs.exportTrace({ target: { kind: "run", runId: 1 }, path: join(dir, "y.json") }),
        (e: unknown) => e instanceof ApiError && e.issues[0]?.path === "path",
      );
    } finally {
      await service.close();
    }
  });
});
