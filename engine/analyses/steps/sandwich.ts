// The steps of the sandwich (declared in ../sandwich.ts, which says what it is): imported
// when it first runs, so a command loads only the analyses it runs.
import { flameGraph } from "../../flame/flameGraph.js";
import { nearestNames, sandwichOf } from "../../flame/sandwichResult.js";
import { ApiError } from "../../errors/errors.js";
import { analysisSteps } from "../descriptor.js";
import type { sandwichArgs } from "../sandwich.js";
import { flameSide } from "./flame.js";

export const steps = analysisSteps<ReturnType<typeof sandwichArgs>>()({
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
