// The `varbench` command line: a short pipeline from arguments to the API.
// Every command is a client of the one API (in process), so it gives what the
// workbench gives for the same run. Commands load their code only when they
// run, and option defaults are the analyses' own (named here for --help only:
// an option not given is left to the API), so `varbench --help` starts quickly.
import { Command, InvalidArgumentError, Option } from "commander";
import { DEFAULT_ON_CPU, DEFAULT_PARAMETERS, DEFAULT_PROBABILITY, DEFAULT_WINDOW, SWEEP_BETAS, SWEEP_TAUS } from "../variance/parameters.js";
import { CCT_TABLE_DEFAULTS, DEFAULT_MAX_COVARIANCE_CHILDREN, MAX_COVARIANCE_CHILDREN } from "../cct/cct.js";
import { failureMessage } from "./failure.js";
import { ALIGNED_INTERVALS, DEFAULT_CONFIDENCE, DEFAULT_PRECISION, DEFAULT_SEED, MAX_PATTERNS } from "../patterns/parameters.js";
import { MEASURES, type MeasureName } from "../campaign/measures.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../io/projectRoot.js";

// A reader that stops early (varbench … | head) closes the pipe: the rest of the output is not
// wanted, which is no failure. Any other failure to write is said in a line, not a stack.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") console.error(`varbench: cannot write the output (${e.message})`);
  process.exit(e.code === "EPIPE" ? 0 : 1);
});

const program = new Command()
  .name("varbench")
  .version(installedVersion(), "-V, --version", "print Varbench's version")
  .description("Why does a program's run time vary? Workspaces, campaigns, traces and their analyses.")
  .option("-w, --workspace <dir>", "workspace folder", process.env.VARBENCH_WORKSPACE ?? ".")
  .showHelpAfterError();

const workspaceDir = () => program.opts<{ workspace: string }>().workspace;
const TARGET = "run id (12), design:<campaign>:<design>[:<workload>], campaign:<id>, or a trace file or uftrace data directory";

program
  .command("workspace")
  .description("manage workspaces")
  .command("init")
  .argument("[dir]", "folder of the new workspace", ".")
  .description("create a workspace (a SQLite file and an artifact folder)")
  .action(async (dir: string) => (await import("./commands/workspace.js")).init(dir));

program
  .command("import")
  .description("import a trace (uftrace directory, Chrome JSON, varbench-events text) as a run, or benchmark results (hyperfine --export-json, Google Benchmark or pyperf JSON) as a campaign of designs × workloads")
  .argument("<file>", "trace file or uftrace data directory, or a results JSON file (found out by its content)")
  .requiredOption("--project <name>", "project the run or campaign belongs to")
  .option("--workload <name>", "workload of the run; for results, the workload of results that name none (default: the file's name)")
  .option("--design <name>", "design of the run; for results, one design for the whole file (the tool's names become the workloads)")
  .option("--max-children <n>", `traces: keep child covariance for contexts with at most n children (default ${DEFAULT_MAX_COVARIANCE_CHILDREN}, at most ${MAX_COVARIANCE_CHILDREN})`, positiveInt)
  .option("--campaign-name <name>", "results: name of the campaign (default: <tool>-<file name>)")
  .action(async (file: string, o) => (await import("./commands/importTrace.js")).importTrace(workspaceDir(), file, o));

program
  .command("cct")
  .description("list the calling contexts of a run, a design's runs or a trace with N, mean, σ, CoV and totals")
  .argument("<target>", TARGET)
  .addOption(new Option("--sort <key>", `order of contexts (default ${CCT_TABLE_DEFAULTS.sort})`).choices(["total", "self", "cov"]))
  .option("--thread <T>", "only thread T (tid, or pid/tid)")
  .option("--limit <n>", `show at most n contexts (0: all; default ${CCT_TABLE_DEFAULTS.limit})`, positiveInt)
  .option("--json", "print JSON", false)
  .option("--max-children <n>", `keep child covariance only for contexts with at most n children (default ${DEFAULT_MAX_COVARIANCE_CHILDREN}, at most ${MAX_COVARIANCE_CHILDREN}; builds the CCT again)`, positiveInt)
  .option("--on-cpu", "uftrace with scheduler events: leave the time threads spent switched out out (default: off)")
  .action(async (target: string, o) => (await import("./commands/cct.js")).cct(workspaceDir(), target, o));

const campaign = program.command("campaign").description("run designs × workloads × repetitions under a profiler");
campaign
  .command("run")
  .argument("<spec>", "campaign spec (YAML)")
  .option("--seed <n>", "seed of the run order (default: the spec's, else random; recorded)", positiveInt)
  .description("plan a campaign from a spec and run it, with its progress")
  .action(async (spec: string, o: { seed?: number }) => (await import("./commands/campaign.js")).run(workspaceDir(), spec, o.seed));
campaign
  .command("resume")
  .argument("<id>", "campaign id", positiveInt)
  .description("finish a campaign whose runner stopped: interrupted runs are run again")
  .action(async (id: number) => (await import("./commands/campaign.js")).resume(workspaceDir(), id));
campaign
  .command("calibrate")
  .argument("<id>", "campaign id (under uftrace)", positiveInt)
  .description("measure uftrace's own cost per call on this machine again, for the campaign's record options (kept in the workspace and in the config folder's calibrations.json for the machine's other workspaces)")
  .action(async (id: number) => (await import("./commands/campaign.js")).calibrate(workspaceDir(), id));
campaign
  .command("cancel")
  .argument("<id>", "campaign id", positiveInt)
  .description("stop a running campaign: its current runs are stopped, queued ones cancelled")
  .action(async (id: number) => (await import("./commands/campaign.js")).cancel(workspaceDir(), id));
campaign
  .command("list")
  .description("list the campaigns of the workspace")
  .action(async () => (await import("./commands/campaign.js")).list(workspaceDir()));
campaign
  .command("show")
  .argument("<id>", "campaign id", positiveInt)
  .option("--json", "print JSON", false)
  .option("--csv", "print CSV", false)
  .option("--metric <name>", `the measure: ${MEASURES.join(", ")} (default: the one the campaign's profiler gives: wall time under time, traced on-CPU time under uftrace, instructions under callgrind, line executions under gcov, CPU time under the sampler)`, choice(MEASURES))
  .description("statistics of the campaign's measure per design × workload (succeeded, measured runs), workloads in order of their features")
  .action(async (id: number, o: { json: boolean; csv: boolean; metric?: MeasureName }) => (await import("./commands/campaign.js")).show(workspaceDir(), id, o));

const runs = program.command("runs").description("the runs of the workspace");
runs
  .command("list", { isDefault: true })
  .description("list the runs: status, wall time, peak memory; a plain timing run of a pair is marked plain")
  .option("--campaign <id>", "only this campaign's runs", positiveInt)
  .option("--json", "print JSON", false)
  .option("--csv", "print CSV", false)
  .action(async (o: { campaign?: number; json: boolean; csv: boolean }) => (await import("./commands/runs.js")).list(workspaceDir(), o));
runs
  .command("show")
  .argument("<id>", "run id", positiveInt)
  .description("one run's details as JSON")
  .action(async (id: number) => (await import("./commands/runs.js")).show(workspaceDir(), id));

/** Options of every dominant variance command; defaults are the analysis' own. */
const varianceOptions = (c: Command) =>
  c
    .option("--cov <x>", `CoV at or above which a context is high-variant (default: from --window and --probability, ${(DEFAULT_PARAMETERS.covThreshold).toFixed(1)})`, fraction)
    .option("--window <x>", `Chebyshev window around the mean, as a share of it (paper 000 §2.1; default ${DEFAULT_WINDOW})`, fraction)
    .option("--probability <p>", `Chebyshev probability of staying within the window (default ${DEFAULT_PROBABILITY})`, fraction)
    .option("--cutoff <x>", `share of total time under which a context is insignificant (default ${DEFAULT_PARAMETERS.significanceCutoff})`, fraction)
    .option("--max-children <n>", `keep child covariance only for contexts with at most n children (default ${DEFAULT_MAX_COVARIANCE_CHILDREN}, at most ${MAX_COVARIANCE_CHILDREN}; builds the CCT again)`, positiveInt)
    .option("--on-cpu", `uftrace: leave the time threads spent switched out out of every call${DEFAULT_ON_CPU ? " (the default)" : ""}`)
    .option("--no-on-cpu", `uftrace: measure wall time, switched-out time included${DEFAULT_ON_CPU ? "" : " (the default)"}`)
    .option("--tool-cost <ns>", "the tracer's own cost per recorded call, in ns, taken out of every context's time: an invocation loses it per call recorded below it (default 0: the time as recorded; builds the CCT again)", fraction)
    .option("--tool-cost-inside <ns>", "the part of --tool-cost between a call's own entry and exit records (an empty function's recorded time), taken out of the call itself; the rest comes out of its caller (default 0)", fraction)
    .option("--calibrated-tool-cost", "take out uftrace's cost per call as measured on the machine and options the campaign's runs were recorded with (in place of --tool-cost and --tool-cost-inside)");

varianceOptions(
  program
    .command("vcg")
    .description("Variance Characterization Graph patterns of a run, a design's runs pooled, or a trace (paper 000)")
    .argument("<target>", TARGET)
    .option("--tau <x>", `summarization pressure τ_S, 0..1 (default ${DEFAULT_PARAMETERS.tauS})`, fraction)
    .option("--beta <x>", `trim threshold β, 0..1 (default ${DEFAULT_PARAMETERS.beta})`, fraction)
    .option("--json", "print JSON", false)
    .option("--dot", "print Graphviz DOT", false)
    .option("--ccs", "list call-context sets", false)
    .option("--sweep", `nodes/patterns for τ_S ∈ {${SWEEP_TAUS.join(", ")}} × β ∈ {${SWEEP_BETAS.join(", ")}} (paper 000 Table 1)`, false),
).action(async (target: string, o) => (await import("./commands/vcg.js")).vcg(workspaceDir(), target, o));

varianceOptions(
  program
    .command("patterns")
    .description("detection patterns (paper 001): minimal distinguishing call chains ranked by VIM, and the Pattern Set")
    .argument("<target>", `profiling input: ${TARGET}`)
    .option("--vs <target>", "a regression input: evaluate the patterns there and report the Pattern Set overlap")
    .option("--json", "print JSON", false),
).action(async (target: string, o) => (await import("./commands/vcg.js")).patterns(workspaceDir(), target, o));

program
  .command("flame")
  .description("a flame graph as collapsed stacks (flamegraph.pl, speedscope): self time in ns per run of each call chain of a run, a design's runs pooled, or a trace")
  .argument("<target>", TARGET)
  .option("--thread <tid>", 'one thread of a run or trace ("tid" or "pid/tid")')
  .option("--vs <target>", "a second run or design: two columns, A's and B's (difffolded.pl, for flamegraph.pl's differential graphs)")
  .option("--on-cpu", "uftrace: leave the time threads spent switched out out of every call")
  .option("--json", "print the flame graph's JSON", false)
  .action(async (target: string, o) => (await import("./commands/flame.js")).flame(workspaceDir(), target, o));

program
  .command("export-trace")
  .description("a run's trace, or a trace file, as Chrome Trace Event JSON (Perfetto, speedscope, chrome://tracing): one B and one E event per call, written as the trace is read")
  .argument("<target>", "run id (12), or a trace file or uftrace data directory")
  .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output)')
  .option("--on-cpu", "uftrace: leave the time threads spent switched out out of the timeline")
  .action(async (target: string, o) => (await import("./commands/exportTrace.js")).exportTrace(workspaceDir(), target, o));

program
  .command("report")
  .description("a campaign's report: its measure per design × workload and, for two designs, which is faster (per workload) and every analysis the profiler allows")
  .argument("<campaign>", "campaign id", positiveInt)
  .option("--designs <a,b>", "the two designs to compare (default: the campaign's two, if it has two)")
  .option("--workload <name>", "one workload's runs only (trends still take every workload)")
  .option("--metric <name>", `the measure compared: ${MEASURES.join(", ")} (default: the one the campaign's profiler gives)`, choice(MEASURES))
  .option("--format <format>", "html, markdown (md), pdf, csv (a zip of one file per table) or json", "html")
  .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output, text formats only)')
  .action(async (id: number, o) => (await import("./commands/report.js")).report(workspaceDir(), id, o));

const patternOptions = (c: Command) =>
  c
    .option("--metric <name>", `the measure: ${MEASURES.join(", ")} (default: the one the campaign's profiler gives, e.g. trace-cpu under uftrace, ir under callgrind)`, choice(MEASURES))
    .option("--source <name>", "per-thread timelines from the runs' uftrace traces or their /proc samples: auto, uftrace, sampler (default auto: traces where the runs have them)", choice(["auto", "uftrace", "sampler"] as const))
    .option("--intervals <n>", `equal fractions of each run's length, 2–200 (paper 004 §3.2.1; default ${ALIGNED_INTERVALS})`, positiveInt)
    .option("--kmax <n>", `at most this many patterns, 1–100 (default ${MAX_PATTERNS})`, positiveInt)
    .option("--seed <n>", `seed of the random projection (paper 004 §4.1.2; default ${DEFAULT_SEED})`, positiveInt)
    .option("--no-align-threads", "leave threads in the order of their ids instead of aligning them by kind (paper 004 §3.2.2)")
    .option("--json", "print JSON", false)
    .option("--csv", "print CSV", false);

patternOptions(
  program
    .command("execution-patterns")
    .description("runs of a campaign grouped into execution patterns by their aligned per-thread timelines (paper 004)")
    .argument("<campaign>", "campaign id (3) or campaign:<id>")
    .option("--design <name>", "only this design's runs")
    .option("--designs <A,B>", "two designs compared pattern by pattern (paper 004 §5: M-Run, C-Pattern, A-Pattern beside the baselines); with --workload, within it")
    .option("--workload <name>", "only the runs of this workload (of every design, or of --design's)")
    .option("--check <target>", "place these runs (a campaign id, design:<campaign>:<design>, or run:<id>) among the patterns and compare their metric with the record (paper 004 §5.3)"),
).action(async (target: string, o) => (await import("./commands/executionPatterns.js")).executionPatterns(workspaceDir(), target, o));

patternOptions(
  program
    .command("compare")
    .description("which of two designs of a campaign is faster, per workload, in the campaign's measure (a ratio with its interval), then compared pattern by pattern where the runs have per-thread timelines (paper 004 §5)")
    .argument("<campaign>", "campaign id (3) or campaign:<id>")
    .requiredOption("--designs <A,B>", "the two designs, A (the reference) and B")
    .option("--workload <name>", "only this workload's runs (default: every workload, each compared on its own)")
    .option("--no-patterns", "leave out the comparison by execution patterns")
    .option("--confidence <p>", `confidence of every interval and test, the verdict's too, 0.8–0.999 (default ${DEFAULT_CONFIDENCE})`, confidenceLevel)
    .option("--precision <x>", `precision for the runs needed, as a share of the mean (default ${DEFAULT_PRECISION})`, fraction)
    .option("--strategy <name>", "what --fail-if-worse judges by: verdict (the overall ratio, or the one workload's), m-run, c-pattern, a-pattern, means", choice(["verdict", "m-run", "c-pattern", "a-pattern", "means"] as const), "verdict")
    .option("--fail-if-worse <percent>", "exit with status 2 when A is shown faster and B's measure is above A's by more than this (e.g. 2 or 2%) under --strategy", percent),
).action(async (campaign: string, o) => (await import("./commands/compare.js")).compare(workspaceDir(), campaign, o));

program
  .command("trends")
  .description("how each cluster of code's cost grows with the workloads' features: powerlaw and linear fits with bootstrap intervals (paper 002, BB-TrendProf)")
  .argument("<campaign>", "campaign id (3) or campaign:<id>")
  .option("--feature <name>", "only this workload feature (default: every feature all runs have)")
  .option("--source <name>", "costs from gcov line counts, callgrind functions or uftrace functions: auto, gcov, callgrind, uftrace (default auto)", choice(["auto", "gcov", "callgrind", "uftrace"] as const))
  .option("--design <name>", "only this design's runs")
  .option("--designs <A,B>", "compare two designs location by location: both fits, the difference of exponents with its interval, where they cross")
  .option("--functions", "per function from uftrace traces (paper 002 ch. 3, CF-TrendProf): self, transitive and total costs per invocation and per workload, best of direct and derived models", false)
  .option("--cost <what>", "with --functions, what a call costs: time (on-CPU ns, default) or calls", choice(["time", "calls"] as const))
  .option("--seed <n>", "seed of the bootstrap (default 1)", positiveInt)
  .option("--json", "print JSON", false)
  .option("--csv", "print CSV", false)
  .action(async (campaign: string, o) => (await import("./commands/trends.js")).trends(workspaceDir(), campaign, o));

program
  .command("phases")
  .description("phase markers by active profiling (paper 003) from a campaign's regular and irregular runs; `phases segment <run>` cuts a run into those phases")
  .argument("<campaign>", "campaign id (3) or campaign:<id>; or the word segment, then a run")
  .argument("[run]", "with segment: the run to cut into phases")
  .option("--design <name>", "only this design's runs")
  .option("--markers <campaign>", "with segment: the campaign whose runs give the markers (default: the run's own)")
  .option("--logical-time <what>", "what distances and gaps are measured in: time (default) or calls", choice(["time", "calls"] as const))
  .option("--granularity <what>", "candidate markers are functions (default) or call chains (a function in its calling context)", choice(["function", "chain"] as const))
  .option("--json", "print JSON", false)
  .action(async (first: string, run: string | undefined, o) => (await import("./commands/phases.js")).phases(workspaceDir(), first, run, o));

program
  .command("demo")
  .description("import the bundled example traces into a demo workspace and show its hottest and most variable contexts")
  .option("--dir <dir>", "demo workspace folder", process.env.VARBENCH_DEMO_DIR ?? ".varbench-demo")
  .action(async (o: { dir: string }) => console.log(await (await import("./demo.js")).runDemo(o.dir)));

program
  .command("start")
  .description("open the workbench: the Electron window, or browser mode when Electron is not installed")
  .option("--dir <dir>", "workspace folder (default: the demo workspace, created on first start)")
  .option("--port <n>", "browser mode: port on 127.0.0.1, 1–65535 (0: any free port)", port, 0)
  .option("--no-open", "browser mode: do not open a browser")
  .option("--browser", "browser mode even when Electron is installed", false)
  .action(async (o: { dir?: string; port: number; open: boolean; browser: boolean }) => {
    const demo = o.dir === undefined;
    const { start } = await import("./startCommand.js");
    await start({ workspace: o.dir ?? process.env.VARBENCH_DEMO_DIR ?? ".varbench-demo", demo, port: o.port, open: o.open, electron: !o.browser });
  });

// The entry point of a Slurm array task (executor slurm): not a user's command, so not listed.
program
  .command("run-one", { hidden: true })
  .description("run one planned run of a Slurm campaign from its task file in the shared folder, and write its result there")
  .argument("<shared>", "the executor's shared folder")
  .argument("<run>", "the run's id", positiveInt)
  .action(async (shared: string, runId: number) => {
    const { runOne } = await import("../runner/slurm/runOne.js");
    const r = await runOne(shared, runId);
    process.stderr.write(`run ${runId} on ${r.node}: ${r.outcome.status}${r.outcome.message ? ` (${r.outcome.message})` : ""}\n`);
  });

/** The version in the installation's package.json, or "unknown" where it cannot be read. */
function installedVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

// Numbers as people write them in decimal: Number() also takes "" (0), "0x10" (16), "1e3" and " 2 ".
const WHOLE = /^\d+$/;
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

function positiveInt(v: string): number {
  const n = Number(v);
  if (!WHOLE.test(v) || !Number.isSafeInteger(n)) throw new InvalidArgumentError("expected a whole number ≥ 0");
  return n;
}

function fraction(v: string): number {
  if (!DECIMAL.test(v)) throw new InvalidArgumentError("expected a decimal number ≥ 0, e.g. 0.95");
  return Number(v);
}

function choice<T extends string>(names: readonly T[]): (v: string) => T {
  return (v) => {
    if (!(names as readonly string[]).includes(v)) throw new InvalidArgumentError(`expected one of ${names.join(", ")}`);
    return v as T;
  };
}

/** A TCP port, or 0 for any free one. */
function port(v: string): number {
  const n = WHOLE.test(v) ? Number(v) : NaN;
  if (!(n >= 0 && n <= 65535)) throw new InvalidArgumentError("expected a port between 1 and 65535, or 0 for any free port");
  return n;
}

/** Intervals below 80% name a design faster too easily to be a verdict (a 50% interval does so between identical designs). */
function confidenceLevel(v: string): number {
  const x = DECIMAL.test(v) ? Number(v) : NaN;
  if (!(x >= 0.8 && x <= 0.999)) throw new InvalidArgumentError("expected a confidence between 0.8 and 0.999, e.g. 0.95");
  return x;
}

/** "2" or "2%" → 0.02. */
function percent(v: string): number {
  const digits = v.replace(/%$/, "");
  if (!DECIMAL.test(digits)) throw new InvalidArgumentError("expected a percentage ≥ 0, e.g. 2 or 2%");
  return Number(digits) / 100;
}

try {
  await program.parseAsync();
} catch (e) {
  console.error(`varbench: ${failureMessage(e)}`);
  process.exitCode = 1;
}
