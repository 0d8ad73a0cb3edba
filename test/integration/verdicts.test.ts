// Trustworthy verdicts on a real program (examples/sorts.c): merge sort against
// insertion sort traced by uftrace, where each run's wall time is mostly the
// tracer's start-up. With plain timing runs beside the traced ones, the verdict
// names merge faster by the magnitude that a campaign of binaries built without
// instrumentation gives; the traces say what uftrace's own cost is; a callgrind
// campaign answers in instructions, equal to callgrind_annotate's own total;
// workloads come in the order of their features everywhere.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import type { CompareOutput } from "../../engine/cli/commands/compare.js";
import type { DesignVerdict } from "../../engine/verdict/designVerdict.js";

const EXAMPLE = join(ROOT, "examples", "campaigns", "sorts_uftrace.yaml");
/**
 * How far the traced campaign's plain-run ratio may lie from the uninstrumented builds' ratio. Both are
 * ratios of CPU times of the same sorts on one machine, so the machine's speed cancels; what does not is
 * gprof's mcount hook in the -pg builds (a few ns for each of merge sort's ~2n calls) and the noise of a
 * loaded machine on runs of a few ms: a factor of 2 either way still tells merge's ~5–10× from the 1.1×
 * that the traced runs' wall time said.
 */
const RATIO_TOLERANCE = 2;

let dir: string;
let ws: string;

/** The example spec with other sizes and repetitions, written beside the workspace, its paths kept. */
function spec(name: string, edit: (yaml: string) => string): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    edit(readFileSync(EXAMPLE, "utf8")).replaceAll("{spec_dir}/../sorts.c", join(ROOT, "examples", "sorts.c")),
  );
  return file;
}

function run(args: readonly string[]): string {
  const r = varbench(["-w", ws, ...args]);
  assert.equal(r.status, 0, `varbench ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

const sizes = (yaml: string) =>
  yaml
    .replace("n-8000", "n-16000")
    .replace("{ n: 8000 }", "{ n: 16000 }")
    .replace(/repetitions: \d+/, "repetitions: 4");

before(() => {
  dir = tempDir("verdicts");
  ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  // Campaign 1: the example as shipped (plain runs beside the traced ones), at 2,000 and 16,000 ints.
  run(["campaign", "run", spec("traced", sizes)]);
  // Campaign 2: the same sorts built without -pg, timed with no profiler at all: the reference.
  run([
    "campaign",
    "run",
    spec("plain", (y) =>
      sizes(y)
        .replace("name: sorts-traced", "name: sorts-plain")
        .replaceAll("-g, -pg,", "-g,")
        .replace("profiler: uftrace\ntiming: time", "profiler: time"),
    ),
  ]);
});

const verdictOf = (campaign: number, extra: readonly string[] = []) =>
  (
    JSON.parse(
      run(["compare", String(campaign), "--designs", "insertion,merge", "--json", "--no-patterns", ...extra]),
    ) as CompareOutput
  ).verdict;

describe("a verdict under uftrace, with plain timing runs beside the traced ones", () => {
  it("answers in the plain runs' wall time by default; in their CPU time it names merge faster on the larger input", () => {
    const v = verdictOf(1);
    assert.equal(v.measure.name, "wall");
    assert.equal(v.basis, "the plain timing runs, no profiler");
    // Workloads in the order of their features: 2,000 ints before 16,000 ("n-16000" sorts first as text).
    assert.deepEqual(
      v.workloads.map((w) => w.workload),
      ["n-2000", "n-16000"],
    );
    assert.ok(v.workloads[1].a.n === 4 && v.workloads[1].b.n === 4, "four plain runs a side");
    // Which design wins is asked of CPU time: on a loaded machine a process waits for the CPU for tens
    // of ms at random, which four runs' wall times cannot average out, while its CPU time holds.
    const large = verdictOf(1, ["--metric", "cpu"]).workloads[1];
    assert.equal(large.speedup!.faster, "B", JSON.stringify(large.speedup));
    assert.ok(large.speedup!.ratio > 2, `merge ran ${large.speedup!.ratio}× faster`);
  });

  it("gives the magnitude that binaries built without instrumentation give", () => {
    const traced = verdictOf(1, ["--metric", "cpu", "--workload", "n-16000"]).workloads[0].speedup!;
    const plain = verdictOf(2, ["--metric", "cpu", "--workload", "n-16000"]).workloads[0].speedup!;
    assert.equal(plain.lower, "B");
    assert.equal(traced.lower, "B");
    const factor = traced.ratio / plain.ratio;
    assert.ok(
      factor > 1 / RATIO_TOLERANCE && factor < RATIO_TOLERANCE,
      `plain runs of the -pg builds: ${traced.ratio.toFixed(2)}×; builds without instrumentation: ${plain.ratio.toFixed(2)}×`,
    );
  });

  it("says uftrace's own cost from its calibration and each design's recorded calls", () => {
    const v: DesignVerdict = verdictOf(1, ["--metric", "trace-cpu"]);
    assert.equal(v.basis, "the uftrace traces");
    assert.ok(v.calibration, `calibrated before the first traced run: ${v.notes.join("; ")}`);
    const c = v.calibration!;
    // uftrace's hook at entry and exit: tens to thousands of ns a call on any machine that runs it.
    assert.ok(c.nsPerCall > 10 && c.nsPerCall < 10_000, `${c.nsPerCall} ns a call`);
    for (const w of v.workloads) {
      const n = Number(w.workload.slice(2));
      const t = w.toolCost!;
      // Merge sort calls itself 2n − 1 times; insertion sort's program makes a handful of calls whatever n.
      assert.ok(
        t.b.callsPerRun >= 2 * n - 1 && t.b.callsPerRun < 2 * n + 64,
        `${t.b.callsPerRun} calls a run of merge on ${w.workload}`,
      );
      assert.ok(t.a.callsPerRun < 64, `${t.a.callsPerRun} calls a run of insertion`);
      assert.ok(Math.abs(t.b.meanNs - c.nsPerCall * t.b.callsPerRun) < 1e-6 * t.b.meanNs);
      assert.ok(t.b.share > t.a.share, "the tracer weighs on merge sort's calls, not on insertion sort's");
    }
  });

  it("takes the calibrated cost out of the VCG's contexts when asked, and says so", () => {
    const c = verdictOf(1, ["--metric", "trace-cpu"]).calibration!;
    const vcg = JSON.parse(run(["vcg", "design:1:merge:n-16000", "--calibrated-tool-cost", "--json"])) as {
      time: { toolCostNs: number; toolCostInsideNs: number };
    };
    assert.equal(vcg.time.toolCostNs, c.nsPerCall);
    assert.equal(vcg.time.toolCostInsideNs, Math.min(c.insideNs, c.nsPerCall));
    // A trace file has no campaign to say where it was recorded: refused in words.
    const r = varbench([
      "-w",
      ws,
      "vcg",
      join(ROOT, "test", "fixtures", "uftrace", "0.13", "frame_loop"),
      "--calibrated-tool-cost",
    ]);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /calibrated for runs of a campaign recorded under uftrace; give the cost per call in ns instead \(--tool-cost\)/,
    );
  });

  it("prints the same answer in words on the command line, with the measure named", () => {
    assert.match(
      run(["compare", "1", "--designs", "insertion,merge", "--no-patterns", "--workload", "n-16000"]),
      /measure: wall time, from the plain timing runs, no profiler/,
    );
    const text = run([
      "compare",
      "1",
      "--designs",
      "insertion,merge",
      "--no-patterns",
      "--workload",
      "n-16000",
      "--metric",
      "cpu",
    ]);
    assert.match(
      text,
      /^merge ran \d+(\.\d+)? times faster than insertion \(95% interval [\d.]+ to [\d.]+\), on n-16000, in CPU time \(user \+ system\), from the plain timing runs/m,
    );
  });

  it("keeps the traced runs for the explanations and leaves the plain runs out of them", () => {
    const runs = JSON.parse(run(["runs", "--campaign", "1", "--json"])) as {
      id: number;
      hasCct: boolean;
      role: string | null;
      status: string;
    }[];
    const plain = runs.filter((r) => r.role === "timing");
    assert.equal(plain.length, runs.length / 2, "one plain run for each traced run");
    assert.ok(plain.every((r) => !r.hasCct) && runs.filter((r) => r.role === null).every((r) => r.hasCct));
    // The design's CCT pools its traced runs only.
    const cct = JSON.parse(run(["cct", "design:1:merge:n-2000", "--json", "--limit", "3"])) as {
      runs?: number;
      label?: string;
    };
    assert.ok(cct);
  });
});

describe("a callgrind campaign answers in instructions", () => {
  it("shows Ir by default, equal to callgrind_annotate's total, in workload order", () => {
    const file = join(ROOT, "examples", "campaigns", "sorts_callgrind.yaml");
    const small = join(dir, "sorts_callgrind.yaml");
    const yaml = readFileSync(file, "utf8").replaceAll("{spec_dir}/../sorts.c", join(ROOT, "examples", "sorts.c"));
    // Three sizes, one repetition: instruction counts are exact, so one run a workload is the answer.
    writeFileSync(
      small,
      yaml.replace(
        /workloads:[\s\S]*?repetitions: \d+/,
        `workloads:\n  - { name: n-64, argv: ["{build_dir}/sorts", "{algo}", "{n}", "1"], features: { n: 64 } }\n  - { name: n-512, argv: ["{build_dir}/sorts", "{algo}", "{n}", "1"], features: { n: 512 } }\n  - { name: n-128, argv: ["{build_dir}/sorts", "{algo}", "{n}", "1"], features: { n: 128 } }\nrepetitions: 2`,
      ),
    );
    run(["campaign", "run", small]);
    const show = JSON.parse(run(["campaign", "show", "3", "--json"])) as {
      measure: { name: string };
      groups: { design: string; workload: string; summary: { mean: number } }[];
    };
    assert.equal(show.measure.name, "ir");
    assert.deepEqual(
      show.groups.filter((g) => g.design === "merge").map((g) => g.workload),
      ["n-64", "n-128", "n-512"],
    );
    // callgrind_annotate's own total for one stored run: the program's Ir, as the campaign shows it.
    const runs = JSON.parse(run(["runs", "--campaign", "3", "--json"])) as {
      id: number;
      design: string;
      workload: string;
      status: string;
    }[];
    const one = runs.find((r) => r.design === "insertion" && r.workload === "n-512" && r.status === "succeeded")!;
    const detail = JSON.parse(run(["runs", "show", String(one.id)])) as {
      artifacts: { kind: string; sha256: string }[];
    };
    // Artifacts are stored by content: artifacts/<first two hex digits>/<sha256>.
    const sha = detail.artifacts.find((a) => a.kind === "callgrind-out")!.sha256;
    const out = join(ws, "artifacts", sha.slice(0, 2), sha);
    const annotate = execFileSync("callgrind_annotate", [out], { encoding: "utf8" });
    const total = Number(/^([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS/m.exec(annotate)![1].replaceAll(",", ""));
    const group = show.groups.find((g) => g.design === "insertion" && g.workload === "n-512")!;
    assert.equal(group.summary.mean, total, "both runs of a workload count the same instructions");
    // The verdict, in Ir: insertion sort's n² against merge sort's n log n on 512 ints.
    const v = verdictOf(3);
    assert.equal(v.measure.name, "ir");
    assert.equal(v.workloads.find((w) => w.workload === "n-512")!.speedup!.lower, "B");
    const text = run(["campaign", "show", "3"]);
    assert.match(text, /^instructions \(Ir\), from callgrind's counts/m);
  });
});
