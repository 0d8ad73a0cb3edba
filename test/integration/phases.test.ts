// Phase detection by active profiling (paper 003) on examples/requests.c, a
// utility serving a file of requests in three stages, traced by uftrace
// through the real command line. Expected values follow from the program's
// source and its input files: which functions run once per request, which
// only for requests of kind B, and the calls each request makes.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";

/** The requests of an input file: kind and size per line. */
const requests = (file: string) =>
  readFileSync(join(ROOT, "examples", "inputs", file), "utf8")
    .trim()
    .split("\n")
    .map((l) => ({ kind: l.split(" ")[0], size: Number(l.split(" ")[1]) }));

describe("phase markers of a request-serving utility (003 §3.2)", () => {
  let ws: string;
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("phases"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "requests_uftrace.yaml")]);
    assert.equal(r.status, 0, r.stderr);
  });

  it("marks the stages, drops the start-up helper and the kind-B-only handler, and cuts every run into its requests", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const api = inProcessClient(service);
      const m = await api.analyses.phaseMarkers({ target: { kind: "campaign", campaignId: 1 } });
      assert.equal(m.requests, 6);
      // §3.2: the first candidate left after step 2 marks the outer phase, the request; the stages are inner phases.
      assert.equal(m.outer, "check_request");
      for (const stage of ["stage_parse", "stage_transform", "stage_emit"])
        assert.ok(m.inner.includes(stage), `${stage} in ${m.inner.join(", ")}`);
      const verdict = (n: string) => m.candidates.find((c) => c.name === n)?.verdict.kind;
      assert.equal(verdict("init_slot"), "uneven", "run once per line, all at start-up");
      assert.equal(verdict("handle_kind_b"), "irregular-count", "runs for requests of kind B only");
      // read_request runs once more than there are requests (the read that finds the end).
      assert.equal(verdict("read_request"), undefined);
      for (const [runId, file] of [
        [2, "requests_mixed.txt"],
        [3, "requests_other.txt"],
      ] as const) {
        const reqs = requests(file);
        const seg = await api.analyses.phaseSegments({
          target: { kind: "run", runId },
          markers: { kind: "campaign", campaignId: 1 },
          logicalTime: "calls",
        });
        assert.equal(seg.outer.length, reqs.length, "one outer instance per request (g)");
        assert.equal(seg.inner.length, seg.markers.inner.length * reqs.length, "each inner marker once per request");
        // From check_request to end_request's return (the last of the functions run once per request), a
        // request of size s makes s parse_item, 2s transform_item and s emit_item calls, and 17 others (check,
        // log, begin and its four helpers, the stages, malloc ×2, free, end and its three helpers), one more when
        // it is of kind B. The last request too: what follows it (the read that finds the end, main's free and
        // fclose, printf) is the epilogue, as the first read is the prologue's; each later read lies between requests.
        const expected = reqs.map((q) => 4 * q.size + 17 + (q.kind === "B" ? 1 : 0));
        assert.deepEqual(
          seg.outer.map((o) => o.calls),
          expected,
          file,
        );
        // read_request with its fscanf between two requests, 2 calls each; the epilogue's read, fscanf, free, fclose and printf.
        assert.equal(seg.between, 2 * (reqs.length - 1), "calls between requests");
        assert.equal(seg.epilogue, 5, "the epilogue's calls");
        assert.equal(
          seg.span.calls - seg.prologue - seg.between - seg.epilogue,
          seg.outer.reduce((n, o) => n + o.calls, 0),
          "every call in the prologue, a request, between them or the epilogue",
        );
        // §5.2: stage_transform keeps a 64 × 8-byte copy per request and never frees it; stage_emit frees
        // its buffer within the request; main's slots outlive every request. Only the first is reported.
        const leaks = seg.leaks!.sites.filter((x) => x.likelyLeak || x.neverFreed);
        assert.deepEqual(
          leaks.map((x) => [x.site, x.neverFreed, x.unfreed.objects, x.unfreed.bytes]),
          [["malloc<stage_transform<main", true, reqs.length, 512 * reqs.length]],
        );
        const emit = seg.leaks!.sites.find((x) => x.site === "malloc<stage_emit<main")!;
        assert.deepEqual(
          [emit.phaseLocal.objects, emit.phaseLocal.bytes],
          [reqs.length, reqs.reduce((n, q) => n + q.size + 1, 0)],
        );
        assert.equal(seg.leaks!.sites.find((x) => x.site === "malloc<main")!.global.objects, 1);
        // Each request's heap: its 512-byte copy kept, its s + 1 bytes of output taken and given back; main frees
        // its slots after the last request, in the epilogue, not in the last request.
        assert.deepEqual(
          seg.leaks!.perInstance.map((x) => [x.allocatedBytes, x.freedBytes, x.growthBytes]),
          reqs.map((q) => [512 + q.size + 1, q.size + 1, 512]),
        );
        assert.equal(seg.comparison, null, "§4.4 compares rates over time: not with calls for time");
      }
      // §4.4: the three methods scored on the same run, each with its phases.
      const timed = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 3 },
        markers: { kind: "campaign", campaignId: 1 },
      });
      // Per-thread time (issue 14): the one thread's time on the CPU in each request, never more than the request's
      // wall time (a short request the thread spent switched out under load shows none).
      for (const o of timed.outer) {
        assert.ok((o.threads?.length ?? 0) <= 1);
        for (const t of o.threads ?? []) assert.ok(t.onCpuNs <= o.length * 1.01, `${t.onCpuNs} of ${o.length}`);
      }
      assert.ok(timed.outer.reduce((n, o) => n + (o.threads?.[0]?.onCpuNs ?? 0), 0) > 0);
      const methods = timed.comparison!.methods;
      assert.deepEqual(
        methods.map((x) => x.method),
        ["behaviour", "interval", "procedure"],
      );
      const behaviour = new Map(methods[0].phases.map((p) => [p.name, p.instances]));
      for (const name of ["check_request (outer)", "stage_parse", "stage_transform", "stage_emit"])
        assert.equal(behaviour.get(name), 7, name);
      assert.equal(
        methods[1].phases.reduce((n, p) => n + p.instances, 0),
        timed.inner.length,
        "as many intervals as inner instances",
      );
      // The stages take most of the run (the 20,000-item request alone is over a third of it) and each call lasts far over 5 µs.
      assert.ok(methods[2].phases.some((p) => p.name === "stage_transform" && p.instances === 7));
      // Call chains as candidates: each allocation call site is one too (malloc<stage_transform<main), as basic blocks were.
      const chains = await api.analyses.phaseMarkers({
        target: { kind: "campaign", campaignId: 1 },
        granularity: "chain",
      });
      assert.equal(chains.outer, "check_request<main");
      for (const stage of ["stage_parse<main", "stage_transform<main"])
        assert.ok(chains.inner.includes(stage), `${stage} in ${chains.inner.join(", ")}`);
      assert.ok(chains.candidates.some((c) => c.name === "route_request<begin_request<main"));
      const bySite = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 3 },
        markers: { kind: "campaign", campaignId: 1 },
        granularity: "chain",
      });
      assert.equal(bySite.outer.length, 7);
      const text = varbench(["-w", ws, "phases", "1"]);
      assert.equal(text.status, 0, text.stderr);
      assert.match(
        text.stdout,
        /outer marker: check_request; inner markers: .*stage_parse, stage_transform, stage_emit/,
      );
      assert.match(text.stdout, /handle_kind_b .* ran 2 times in run 2 \(O0 × mixed-5\), which has 5 requests/);
      const seg = varbench(["-w", ws, "phases", "segment", "3"]);
      assert.equal(seg.status, 0, seg.stderr);
      assert.match(seg.stdout, /7 outer instances/);
      const bad = varbench(["-w", ws, "phases", "segment"]);
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /name the run to segment/);
    } finally {
      await service.close();
    }
  });

  it("says what a campaign without roles lacks", () => {
    const spec = join(tempDir("phases-spec"), "plain.yaml");
    const text = readFileSync(join(ROOT, "examples", "campaigns", "requests_uftrace.yaml"), "utf8")
      .replace(/^\s+role: .*\n/gm, "")
      .replace(/\{spec_dir\}\/\.\./g, join(ROOT, "examples"));
    writeFileSync(spec, text);
    assert.equal(varbench(["-w", ws, "campaign", "run", spec]).status, 0);
    const r = varbench(["-w", ws, "phases", "2"]);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /no succeeded traced run of a regular input \(give one workload `role: regular` and `requests: f`/,
    );
  });
});

describe("phase markers of an interpreter, a second shape (003 §4.3)", () => {
  it("marks the dispatch of every statement, drops each operation's own function, and cuts the script into its statements", async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    const ws = join(tempDir("interp"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const run = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "interp_uftrace.yaml")]);
    assert.equal(run.status, 0, run.stderr);
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const api = inProcessClient(service);
      const m = await api.analyses.phaseMarkers({ target: { kind: "campaign", campaignId: 1 } });
      assert.ok(m.inner.includes("execute"), m.inner.join(", "));
      assert.equal(m.outer, "parse_statement", "the first candidate of each statement left after step 2");
      for (const name of ["op_sort", "malloc", "free"])
        assert.equal(m.candidates.find((c) => c.name === name)?.verdict.kind, "irregular-count", name);
      const seg = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 2 },
        markers: { kind: "campaign", campaignId: 1 },
        logicalTime: "calls",
      });
      assert.equal(seg.outer.length, 6);
      // Calls from one statement's marker to its end (print_result's return): parse_statement with its sscanf,
      // execute with its strcmp calls and the operation, print_result. sum N: N add_step + 6 (one strcmp);
      // fib N: fib_step's 2·F(N+1) − 1 calls + 7; sort N: its swaps (the inversions of its array) + 10 (malloc,
      // free); echo: 8. The next statement's read (read_statement and fgets) lies between them.
      const fib = (k: number): number => (k < 2 ? k : fib(k - 1) + fib(k - 2));
      const inversions = (n: number) => {
        const v = Array.from({ length: n }, (_, i) => (i * 7919) % (n + 1));
        let c = 0;
        for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (v[i] > v[j]) c++;
        return c;
      };
      assert.deepEqual(
        seg.outer.map((o) => o.calls),
        [40000 + 6, 2 * fib(19) - 1 + 7, inversions(300) + 10, 8, 9000 + 6, inversions(900) + 10],
      );
    } finally {
      await service.close();
    }
  });
});

describe("phase markers of a program with two worker threads", () => {
  it("finds the stages from both threads' calls on one clock, cuts the run into its g requests, and refuses calls as time", async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    const ws = join(tempDir("workers"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const run = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "workers_uftrace.yaml")]);
    assert.equal(run.status, 0, run.stderr);
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const api = inProcessClient(service);
      const m = await api.analyses.phaseMarkers({ target: { kind: "campaign", campaignId: 1 } });
      // take_request runs once more per thread than there are requests (the take that finds the queue empty).
      assert.equal(m.outer, "serve");
      assert.deepEqual([...m.inner].sort(), ["stage_a", "stage_b"]);
      const seg = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 2 },
        markers: { kind: "campaign", campaignId: 1 },
      });
      assert.equal(seg.outer.length, 6);
      assert.equal(seg.inner.length, 12);
      assert.ok(
        seg.outer.every((o) => o.length >= 0 && o.calls >= 0),
        "instances from both threads in one order",
      );
      assert.ok(
        seg.outer.some((o) => (o.threads?.length ?? 0) >= 2),
        "more than one thread on the CPU within some request",
      );
      const calls = varbench(["-w", ws, "phases", "1", "--logical-time", "calls"]);
      assert.equal(calls.status, 1);
      assert.match(
        calls.stderr,
        /made calls in \d+ threads; calls as logical time are counted within one thread: use elapsed time/,
      );
    } finally {
      await service.close();
    }
  });
});

describe("phases of a server with a long start-up and shutdown (issue 28, 003 §3.2)", () => {
  // examples/bookends.c: per query of n keys, open_query, lookup_keys (n probe calls), format_reply (n / 8
  // put_digit calls) and close_query with its record_stat, n + n / 8 + 5 calls; each line read with read_line
  // and fscanf; "M m" lines do m sweep_step calls under maintain between queries. Start-up and shutdown are
  // call-free loops of 6e7 iterations each, hundreds of times a query; shutdown then writes 64 blocks.
  const query = (n: number) => n + Math.floor(n / 8) + 5;
  let ws: string;
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("bookends"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const spec = join(ROOT, "examples", "campaigns", "bookends_uftrace.yaml");
    assert.equal(varbench(["-w", ws, "campaign", "run", spec]).status, 0);
    // The same campaign with the queries separated by maintenance of varying length as its regular input.
    const spaced = join(tempDir("bookends-spec"), "spaced.yaml");
    const text = readFileSync(spec, "utf8")
      .replace(/\{spec_dir\}\/\.\./g, join(ROOT, "examples"))
      .replace("name: bookends-phases", "name: bookends-spaced");
    writeFileSync(
      spaced,
      text
        .replace("    role: regular\n", "")
        .replace(/(name: spaced-6\n.*\n)( {4}requests: 6)/, "$1    role: regular\n$2"),
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", spaced]).status, 0);
  });

  it("finds the stage doing most of each query despite a start-up and shutdown far longer than all the queries, and ends the last query where its work ends", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const api = inProcessClient(service);
      const m = await api.analyses.phaseMarkers({ target: { kind: "campaign", campaignId: 1 } });
      assert.equal(m.outer, "open_query");
      // lookup_keys runs 2,001 of a query's 2,255 calls, format_reply 253 (with close_query and record_stat); open_query,
      // close_query and record_stat are each followed by one call or their query's end, under the threshold of 2.5 median gaps.
      assert.deepEqual(m.inner, ["lookup_keys", "format_reply"]);
      assert.deepEqual(
        m.regularRequests.map((q) => q.calls),
        Array(6).fill(query(2000)),
      );
      assert.deepEqual(
        m.notes.filter((n) => /identical/.test(n)),
        [],
        "six identical queries",
      );
      const calls = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 1 },
        markers: { kind: "campaign", campaignId: 1 },
        logicalTime: "calls",
      });
      assert.deepEqual(
        calls.outer.map((o) => o.calls),
        Array(6).fill(query(2000)),
        "the sixth query like the other five",
      );
      assert.deepEqual(
        calls.inner.map((i) => [i.phase, i.calls]),
        Array(6)
          .fill([
            ["lookup_keys", 2001],
            ["format_reply", 253],
          ])
          .flat(),
      );
      // After the last query: read_line and fscanf finding the end, fclose, save_table with its 64 write_block, printf.
      assert.equal(calls.epilogue, 2 + 1 + 1 + 64 + 1);
      assert.equal(calls.between, 5 * 2, "the next line's read_line and fscanf between two queries");
      // On the CPU (this one thread's time, so no timing of the machine): the last query takes about what the others do, where
      // the shutdown it took in before is over 100 times a query. The factor 2 covers the bins' grain (1/4096 of the run,
      // about a seventh of a query here) and a cold first query.
      const timed = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 1 },
        markers: { kind: "campaign", campaignId: 1 },
      });
      const onCpu = timed.outer.map((o) => o.threads?.reduce((n, t) => n + t.onCpuNs, 0) ?? 0);
      const median = [...onCpu.slice(0, 5)].sort((a, b) => a - b)[2];
      assert.ok(
        onCpu[5] > 0 && onCpu[5] < 2 * median,
        `last query ${onCpu[5]} ns on the CPU, the others' median ${median} ns`,
      );
      // A real input: queries of 500, 4000, 1000 and 2400 keys, with maintenance of 3000 and 200 steps between some.
      const mixed = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 2 },
        markers: { kind: "campaign", campaignId: 1 },
        logicalTime: "calls",
      });
      assert.deepEqual(
        mixed.outer.map((o) => o.calls),
        [500, 4000, 1000, 2400].map(query),
      );
      assert.equal(mixed.between, 2 + 1 + 3000 + 2 + 2 + 2 + 1 + 200 + 2);
      assert.equal(mixed.epilogue, 69);
    } finally {
      await service.close();
    }
  });

  it("takes identical queries separated by maintenance of varying length for identical, in their markers and their instances", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const api = inProcessClient(service);
      // Campaign 1's third run: the six queries with 100, 6000, 500, 15000 and 2500 maintenance steps between them.
      const seg = await api.analyses.phaseSegments({
        target: { kind: "run", runId: 3 },
        markers: { kind: "campaign", campaignId: 1 },
        logicalTime: "calls",
      });
      assert.deepEqual(
        seg.outer.map((o) => o.calls),
        Array(6).fill(query(2000)),
      );
      // Between two queries: the M line's read_line and fscanf, maintain and its m steps, the next line's read_line and fscanf.
      assert.equal(
        seg.between,
        [100, 6000, 500, 15000, 2500].reduce((n, m) => n + m + 5, 0),
      );
      // The same input as the regular one (campaign 2): the queries' distances vary by over 70%, the queries do not.
      const m = await api.analyses.phaseMarkers({ target: { kind: "campaign", campaignId: 2 } });
      assert.equal(m.regularRun.workload, "spaced-6");
      assert.ok(
        m.candidates.every((c) => c.sigmaDistance / c.meanDistance > 0.5),
        "distances vary",
      );
      assert.deepEqual(
        m.notes.filter((n) => /identical/.test(n)),
        [],
      );
      assert.deepEqual([m.outer, m.inner], ["open_query", ["lookup_keys", "format_reply"]]);
      assert.deepEqual(
        m.regularRequests.map((q) => q.calls),
        Array(6).fill(query(2000)),
      );
    } finally {
      await service.close();
    }
  });
});
