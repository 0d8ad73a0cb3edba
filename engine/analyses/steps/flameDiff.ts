// The steps of the differential flame graph (declared in ../flameDiff.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { flameDiff as joinSides } from "../../flame/flameDiff.js";
import { flameSide } from "./flame.js";
import type { flameDiffArgs } from "../flameDiff.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof flameDiffArgs>>()({
  load: async (sources, { a, b }, args) => ({
    a: await flameSide(sources, a!, null, args.onCpu),
    b: await flameSide(sources, b!, null, args.onCpu),
  }),
  compute: ({ a, b }) => joinSides(a, b),
});
