// A timeline of one run or trace (issue 31 item 3): each thread's calls as
// nested slices over time, scheduler waits marked, cut to a window at a
// resolution (timeline/window.ts), and a selected slice's context with its
// statistics in the run's CCT. The trace is read once into memory (sources.memo):
// zooming and panning cut other windows from the same read.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { DEFAULT_TIMELINE_WIDTH, MAX_TIMELINE_WIDTH } from "../timeline/timeline.js";
import { defineAnalysis } from "./descriptor.js";

const nsSchema = z.number().finite().nullable().default(null);

export const timelineArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** The window, ns from the trace's base; null: the trace's start / end. */
    fromNs: nsSchema,
    toNs: nsSchema,
    /** Pixels across the window: calls narrower than one are merged (level of detail). */
    width: z.number().int().min(1).max(MAX_TIMELINE_WIDTH).default(DEFAULT_TIMELINE_WIDTH),
    /** A slice whose context to describe: its thread ("pid/tid") and its context number in the result. */
    select: z
      .strictObject({ thread: z.string().regex(/^\d+\/\d+$/, 'a thread as "pid/tid"'), context: z.number().int() })
      .nullable()
      .default(null),
    /** uftrace with scheduler events: each thread's clock leaves out the time it was switched out (the
     * reader's excludeOffCpu, as the CCT's on-CPU option), so its calls are as long as they ran. */
    onCpu: z.boolean().default(false),
  });

export const timeline = defineAnalysis({
  kind: "timeline",
  title: "timeline",
  version: 2,
  args: timelineArgs,
  targets: { target: ["run", "trace"] },
  // A window is cut from the memoised read in a few milliseconds; storing every window would fill the workspace.
  cache: false,
  reads: ["callSequences"],
  exporters: null,
  flags: { fromNs: "--from", toNs: "--to", width: "--width" },
  steps: () => import("./steps/timeline.js").then((m) => m.steps),
});
