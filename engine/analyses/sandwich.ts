// The sandwich of one function (issue 31 item 4; speedscope's view): its
// self and total time and calls over all its contexts, who called it and what
// it called, from the same tree the flame graph draws (flameSide), so the
// command line and the exports have what the workbench shows.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { flameGraph } from "../flame/flameGraph.js";
import { nearestNames, sandwichOf } from "../flame/sandwichResult.js";
import { ApiError } from "../errors/errors.js";
import { SANDWICH_EXPORTERS } from "../report/exporters.js";
import { defineAnalysis } from "./descriptor.js";
import { flameSide } from "./flame.js";

export const sandwich = defineAnalysis({
  kind: "sandwich",
  title: "sandwich",
  version: 1,
  args: z.strictObject({
    target: targetSchema,
    /** The function, by its name as the trace records it. */
    function: z.string().min(1),
    /** One thread of a run or trace, as "tid" or "pid/tid"; null: all threads merged. */
    thread: z
      .string()
      .regex(/^\d+(\/\d+)?$/, 'a thread as "tid" or "pid/tid"')
      .nullable()
      .default(null),
    /** uftrace with scheduler events: leave the time threads spent switched out out. */
    onCpu: z.boolean().default(false),
  }),
  targets: { target: ["run", "design", "trace"] },
  // Built from stored CCTs as quickly as a cached copy would be read (as the flame graph is).
  cache: false,
  reads: ["callingContexts"],
  exporters: SANDWICH_EXPORTERS,
  flags: { thread: "--thread" },
  load: (sources, { target }, args) => flameSide(sources, target!, args.thread, args.onCpu),
  compute: (side, args) => {
    const g = flameGraph(side.columns, side.functions, {
      label: side.label,
      runs: side.runs,
      thread: args.thread,
      threads: side.threads,
      warnings: side.warnings,
    });
    const s = sandwichOf(g, args.function);
    if (s) return s;
    const near = nearestNames(
      args.function,
      g.fn.slice(1).map((f) => g.functions[f]),
    );
    throw new ApiError(
      "not-found",
      `no function "${args.function}" is called in ${g.label}` +
        (near.length > 0 ? `; the nearest names: ${near.join(", ")}` : "; `varbench cct` lists its contexts"),
      [{ path: "function", message: "not in this tree" }],
    );
  },
});
