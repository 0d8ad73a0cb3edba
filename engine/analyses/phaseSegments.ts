// Any run of a program cut into the phases its markers show (paper 003 §4.2:
// "the phase marking in other inputs does not require additional analysis"):
// the markers from a campaign's regular and irregular runs, the run read once
// more watching them: the markers' entries, and the returns of the functions
// run once per request, where each request's work ends (requestWindows.ts).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { GRANULARITIES, LOGICAL_TIMES } from "../phases/callSequence.js";
import { defineAnalysis } from "./descriptor.js";
import { PHASE_SEGMENTS_EXPORTERS } from "../report/exporters.js";

export const phaseSegmentsArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** The campaign (or design) whose regular and irregular runs give the markers. */
    markers: targetSchema,
    /** What the instances' lengths are measured in. */
    logicalTime: z.enum(LOGICAL_TIMES).default("time"),
    /** What the markers are chosen by (phaseMarkers' logicalTime): elapsed time unless asked. */
    markerTime: z.enum(LOGICAL_TIMES).default("time"),
    /** Markers among functions, or among call chains (phaseMarkers' granularity). */
    granularity: z.enum(GRANULARITIES).default("function"),
  });

export const phaseSegments = defineAnalysis({
  kind: "phaseSegments",
  title: "phase segmentation",
  version: 10,
  args: phaseSegmentsArgs,
  targets: { target: ["run"], markers: ["campaign", "design"] },
  cache: true,
  reads: ["callSequences"],
  exporters: PHASE_SEGMENTS_EXPORTERS,
  flags: {},
  steps: () => import("./steps/phaseSegments.js").then((m) => m.steps),
});
