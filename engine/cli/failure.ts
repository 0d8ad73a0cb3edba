// What the command line says when a command fails: the message Varbench
// wrote for people; for an error of JavaScript itself (a bug), its name and
// message and that it is a bug, never a stack trace. Argument fields named by
// the API are given as the flags that set them.
import { CommanderError } from "commander";
import { ApiError, isUserError, wordedError } from "../errors/errors.js";
import { ANALYSES } from "../analyses/registry.js";

/** API argument fields and the flags that set them: each analysis' own (its descriptor's `flags`), the
 * targets a command names by its arguments, and the arguments of other methods that have flags. */
const FLAGS: Readonly<Record<string, string>> = {
  ...analysisFlags(),
  campaignName: "--campaign-name",
  "target.campaignId": "<campaign>",
  "a.design": "--designs",
  "b.design": "--designs",
  fdr: "--fdr",
  minSegment: "--min-segment",
  minMagnitude: "--min-magnitude",
};

/** Every analysis' flags by argument field; one field has one flag in every analysis that takes it. */
export function analysisFlags(): Record<string, string> {
  const flags: Record<string, string> = {};
  for (const d of Object.values(ANALYSES) as readonly {
    kind: string;
    flags: Readonly<Record<string, string | undefined>>;
  }[]) {
    for (const [field, flag] of Object.entries(d.flags)) {
      if (flag === undefined) continue;
      if (flags[field] !== undefined && flags[field] !== flag)
        throw new Error(`analyses.${d.kind}: ${field} is ${flag} here and ${flags[field]} in another analysis`);
      flags[field] = flag;
    }
  }
  return flags;
}

export function failureMessage(e: unknown): string {
  // Commander's own errors (an unknown option, a bad value) are worded for people by it.
  if (!isUserError(e) && !(e instanceof CommanderError)) return wordedError("varbench", e).message;
  // Arguments the API refused at its boundary ("analyses.vcg: tauS: Too big…") are named by their flags.
  // A message about a file ("spec.yaml: no such file") names no argument: it is said as it is.
  if (
    e instanceof ApiError &&
    e.code === "invalid-arguments" &&
    /^[a-z]+\.[a-zA-Z]+: /.test(e.message) &&
    e.issues.length > 0 &&
    e.issues.every((i) => i.path !== "")
  ) {
    return e.issues.map((i) => `${FLAGS[i.path] ?? i.path}: ${i.message}`).join("; ");
  }
  return (e as Error).message;
}
