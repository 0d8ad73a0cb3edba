// `varbench bench 'cmd A' 'cmd B'` (hyperfine's everyday use) as a campaign
// spec, so every analysis and the report apply to it. Each command is a
// design with its own argv (spec.ts, designs[].argv). A parameter list
// (`-L n 1000,2000`) whose values are all numbers is a workload feature: one
// workload per value, the x of trends and the rows of the verdict; a list of
// words (`-L cc gcc,clang`) is a design choice: one design per command and word.
import { campaignSpecSchema, SpecError, type CampaignSpec, type SpecIssue } from "./spec.js";
import { splitWords } from "./shellWords.js";

export interface BenchParameter {
  readonly name: string;
  readonly values: readonly string[];
}

export interface BenchRequest {
  /** The commands compared, as typed: `{name}` stands for a parameter's value. */
  readonly commands: readonly string[];
  /** The designs' names (hyperfine's --command-name); absent: made from the commands. */
  readonly names?: readonly string[];
  readonly runs: number;
  readonly warmup: number;
  readonly parameters: readonly BenchParameter[];
  readonly profiler: { readonly name: string; readonly options: readonly string[] };
  /** "sh": each command runs under `sh -c` (pipes, redirections); "none": split into words and started as is.
   * Absent: "none" under a profiler that watches the process started, else "sh". */
  readonly shell?: "sh" | "none";
  readonly project: string;
  readonly name?: string;
  readonly timeout?: string;
}

/** Profilers that watch the process started, which `sh -c` would be instead of the command. */
const NEED_NO_SHELL = new Set(["uftrace", "callgrind", "gcov"]);
/** A design's name made from its command: at most this many characters. */
const NAME_LENGTH = 40;
/** A parameter's name is a placeholder: the same rule as a spec's variables. */
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The campaign spec of a bench request, checked as a spec file is; throws SpecError naming the option. */
export function benchSpec(r: BenchRequest): CampaignSpec {
  const issues: SpecIssue[] = [];
  const issue = (path: string, message: string) => issues.push({ path, line: null, message });
  if (r.commands.length === 0) issue("commands", "give at least one command to time");
  if (r.names && r.names.length > r.commands.length)
    issue("names", `${r.names.length} names for ${r.commands.length} command(s)`);
  const shell = r.shell ?? (NEED_NO_SHELL.has(r.profiler.name) ? "none" : "sh");
  if (shell === "sh" && NEED_NO_SHELL.has(r.profiler.name))
    issue(
      "shell",
      `under ${r.profiler.name} the command must be started without a shell (${r.profiler.name} would watch sh instead): use -N`,
    );
  const seen = new Set<string>();
  for (const p of r.parameters) {
    if (!PARAMETER_NAME.test(p.name))
      issue(
        "parameters",
        `${JSON.stringify(p.name)} is not a parameter name: letters, digits and '_', not starting with a digit`,
      );
    if (seen.has(p.name)) issue("parameters", `the parameter ${p.name} is given twice`);
    seen.add(p.name);
    if (p.values.length === 0 || p.values.some((v) => v === ""))
      issue("parameters", `the parameter ${p.name} needs values, e.g. -L ${p.name} 1000,2000`);
  }
  if (issues.length > 0) throw new SpecError("bench", issues);
  const numeric = r.parameters.filter((p) => p.values.every(isNumber));
  const words = r.parameters.filter((p) => !numeric.includes(p));
  const designs = r.commands.flatMap((command, i) =>
    combinations(words).map((choice) => {
      const text = Object.entries(choice).reduce((t, [k, v]) => t.split(`{${k}}`).join(v), command);
      const base = r.names?.[i] ?? nameOf(command, i);
      const suffix = Object.values(choice).map(nameOf).join("-");
      return {
        name: suffix ? `${base}-${suffix}` : base,
        argv: shell === "sh" ? ["sh", "-c", text] : splitWords(text),
        ...(Object.keys(choice).length ? { variables: choice } : {}),
      };
    }),
  );
  const unique = new Set<string>();
  for (const d of designs) {
    let name = d.name;
    for (let k = 2; unique.has(name); k++) name = `${d.name}-${k}`;
    unique.add(name);
    d.name = name;
  }
  const workloads = combinations(numeric).map((choice) => {
    const entries = Object.entries(choice);
    return {
      name: entries.length ? entries.map(([k, v]) => `${k}-${v}`).join("_") : "default",
      ...(entries.length ? { features: Object.fromEntries(entries.map(([k, v]) => [k, Number(v)])) } : {}),
    };
  });
  const parsed = campaignSpecSchema.safeParse({
    project: r.project,
    ...(r.name ? { name: r.name } : {}),
    designs,
    workloads,
    repetitions: r.runs,
    warmups: r.warmup,
    profiler: { name: r.profiler.name, options: [...r.profiler.options] },
    order: "interleaved",
    ...(r.timeout ? { timeout: r.timeout } : {}),
  });
  if (!parsed.success)
    throw new SpecError(
      "bench",
      parsed.error.issues.map((i) => ({ path: optionOf(i.path.map(String)), line: null, message: i.message })),
    );
  return parsed.data;
}

/** Every choice of one value per parameter, in the order given (the first parameter slowest). */
function combinations(parameters: readonly BenchParameter[]): Record<string, string>[] {
  return parameters.reduce<Record<string, string>[]>(
    (acc, p) => acc.flatMap((c) => p.values.map((v) => ({ ...c, [p.name]: v }))),
    [{}],
  );
}

function isNumber(v: string): boolean {
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v.trim()) && Number.isFinite(Number(v));
}

/** A name a design may have (names.ts) made from a command or a value: its words joined by '-'. */
function nameOf(text: string, index = 0): string {
  const name = text
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-._]+|-+$/g, "")
    .slice(0, NAME_LENGTH)
    .replace(/-+$/, "");
  return name || `command-${index + 1}`;
}

/** The schema's path said as the bench's option. */
function optionOf(path: readonly string[]): string {
  const field = path[0];
  if (field === "repetitions") return "runs";
  if (field === "warmups") return "warmup";
  if (field === "designs") return path[2] === "name" ? "names" : "commands";
  if (field === "workloads") return "parameters";
  return path.join(".");
}
