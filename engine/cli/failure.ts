// What the command line says when a command fails: the message Varbench
// wrote for people; for an error of JavaScript itself (a bug), its name and
// message and that it is a bug, never a stack trace. Argument fields named by
// the API are given as the flags that set them.
import { CommanderError } from "commander";
import { ApiError, isUserError, wordedError } from "../errors/errors.js";

/** API argument fields and the flags that set them. */
const FLAGS: Readonly<Record<string, string>> = {
  covThreshold: "--cov",
  tauS: "--tau",
  beta: "--beta",
  window: "--window",
  probability: "--probability",
  cutoff: "--cutoff",
  maxChildren: "--max-children",
  campaignName: "--campaign-name",
  thread: "--thread",
  limit: "--limit",
  seed: "--seed",
  vs: "--vs",
  metric: "--metric",
  source: "--source",
  intervals: "--intervals",
  kmax: "--kmax",
  confidence: "--confidence",
  precision: "--precision",
  check: "--check",
  feature: "--feature",
  "target.campaignId": "<campaign>",
  "a.design": "--designs",
  "b.design": "--designs",
};

export function failureMessage(e: unknown): string {
  // Commander's own errors (an unknown option, a bad value) are worded for people by it.
  if (!isUserError(e) && !(e instanceof CommanderError)) return wordedError("varbench", e).message;
  // Arguments the API refused at its boundary ("analyses.vcg: tauS: Too big…") are named by their flags.
  // A message about a file ("spec.yaml: no such file") names no argument: it is said as it is.
  if (e instanceof ApiError && e.code === "invalid-arguments" && /^[a-z]+\.[a-zA-Z]+: /.test(e.message) && e.issues.length > 0 && e.issues.every((i) => i.path !== "")) {
    return e.issues.map((i) => `${FLAGS[i.path] ?? i.path}: ${i.message}`).join("; ");
  }
  return (e as Error).message;
}
