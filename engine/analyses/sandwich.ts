// The sandwich of one function (issue 31 item 4; speedscope's view): its
// self and total time and calls over all its contexts, who called it and what
// it called, from the same tree the flame graph draws (flameSide), so the
// command line and the exports have what the workbench shows.
import * as z from "zod";
import { SANDWICH_EXPORTERS } from "../report/exporters.js";
import { defineAnalysis } from "./descriptor.js";
import { flameArgs } from "./flame.js";

/** The flame graph's arguments (the same tree is read) and the function. */
export const sandwichArgs = () =>
  flameArgs().extend({
    /** The function, by its name as the trace records it. */
    function: z.string().min(1),
  });

export const sandwich = defineAnalysis({
  kind: "sandwich",
  title: "sandwich",
  version: 1,
  args: sandwichArgs,
  targets: { target: ["run", "design", "trace"] },
  // Built from stored CCTs as quickly as a cached copy would be read (as the flame graph is).
  cache: false,
  reads: ["callingContexts"],
  exporters: SANDWICH_EXPORTERS,
  flags: { thread: "--thread" },
  steps: () => import("./steps/sandwich.js").then((m) => m.steps),
});
