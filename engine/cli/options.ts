// Options and arguments more than one command declares, declared once: the
// same flag, the same value parser and the same help wherever it appears.
// Defaults are the analyses' own, named in the help only: an option not given
// is left to the API. Only light modules are imported here, so that
// `varbench --help` stays quick (commands load their code when they run).
import { Command, Option } from "commander";
import { MEASURES } from "../campaign/measures.js";
import { DEFAULT_MAX_COVARIANCE_CHILDREN, MAX_COVARIANCE_CHILDREN } from "../cct/cct.js";
import { choice, wholeNumber } from "./optionParsers.js";

/** How a <target> argument is written (target.ts reads it). */
export const TARGET =
  "run id (12), design:<campaign>:<design>[:<workload>], campaign:<id>, or a trace file or uftrace data directory";
/** How a <campaign> argument that takes target forms is written (campaignArg in target.ts reads it). */
export const CAMPAIGN_TARGET = "campaign id (3) or campaign:<id>";

/** -w, --workspace: the root command's, read by every command that opens the workspace. */
export const workspaceOption = () =>
  new Option("-w, --workspace <dir>", "workspace folder").default(process.env.VARBENCH_WORKSPACE ?? ".");
export const workspaceDir = (program: Command): string => program.opts<{ workspace: string }>().workspace;

/** --json, --csv: outputFormat (optionParsers.ts) refuses both at once. */
export const jsonOption = (description = "print JSON") => new Option("--json", description).default(false);
export const csvOption = () => new Option("--csv", "print CSV").default(false);

/** --metric: one of the campaign's measures (campaign/measures.ts). */
export const metricOption = (what: string, defaultNote: string) =>
  new Option("--metric <name>", `${what}: ${MEASURES.join(", ")} (default: ${defaultNote})`).argParser(
    choice(MEASURES),
  );

/** --design: one design of the campaign. */
export const designOption = (description = "only this design's runs") => new Option("--design <name>", description);
/** --designs A,B: read by designPair (optionParsers.ts) when the command runs, so its message names the flag. */
export const designsOption = (description: string) => new Option("--designs <A,B>", description);
/** --workload: one workload of the campaign. */
export const workloadOption = (description: string) => new Option("--workload <name>", description);

/** --seed: a seed written in the result, so that the same seed gives the same answer. */
export const seedOption = (description: string) => new Option("--seed <n>", description).argParser(wholeNumber);

/** --thread: one thread of a run or trace. */
export const threadOption = (description: string) => new Option("--thread <tid>", description);

/** --max-children: contexts whose children's covariance is kept (it grows with the square of their count). */
export const maxChildrenOption = (before: string, after = "") =>
  new Option(
    "--max-children <n>",
    `${before} (default ${DEFAULT_MAX_COVARIANCE_CHILDREN}, at most ${MAX_COVARIANCE_CHILDREN}${after})`,
  ).argParser(wholeNumber);
