// Detection patterns (paper 001): minimal distinguishing call chains ranked by
// VIM, and, given a regression input, the same patterns evaluated there with
// the overlap of the two Pattern Sets (001 §4, Table 1).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { defineAnalysis } from "./descriptor.js";
import { varianceArgs, varianceFlags } from "./varianceArgs.js";

const accepts = ["run", "design", "trace"] as const;

export const detectionArgs = () =>
  z.strictObject({ target: targetSchema, vs: targetSchema.optional(), ...varianceArgs() });

export const detection = defineAnalysis({
  kind: "patterns",
  title: "detection pattern analysis",
  version: 3,
  args: detectionArgs,
  targets: { target: accepts, vs: accepts },
  cache: true,
  reads: ["callingContexts"],
  exporters: null,
  flags: { ...varianceFlags, vs: "--vs" },
  steps: () => import("./steps/detection.js").then((m) => m.steps),
});
