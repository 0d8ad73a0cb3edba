// Phase markers of a program by active profiling (paper 003 §3): the campaign
// holds a run of the regular input (f identical requests) and runs of
// irregular inputs (g requests each), all traced by uftrace; Figure 4's steps
// pick the functions that mark each request and its stages. The regular run is
// read twice: once for its candidates, once more for the gaps between calls
// within its requests (step 3's threshold, requestWindows.ts).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { GRANULARITIES, LOGICAL_TIMES } from "../phases/callSequence.js";
import { defineAnalysis } from "./descriptor.js";
import { PHASE_MARKERS_EXPORTERS } from "../report/exporters.js";

export const phaseMarkersArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** What measures distances and gaps: elapsed time (default) or calls made (deterministic). */
    logicalTime: z.enum(LOGICAL_TIMES).default("time"),
    /** Candidates are functions, or functions in their calling contexts (call chains). */
    granularity: z.enum(GRANULARITIES).default("function"),
  });

export const phaseMarkers = defineAnalysis({
  kind: "phaseMarkers",
  title: "phase marker selection",
  version: 6,
  args: phaseMarkersArgs,
  targets: { target: ["campaign", "design"] },
  cache: true,
  reads: ["callSequences"],
  exporters: PHASE_MARKERS_EXPORTERS,
  flags: {},
  steps: () => import("./steps/phaseMarkers.js").then((m) => m.steps),
});
