// The API's schema of a target (target.ts): checked at the boundary, a
// design's workload defaulting to all.
import * as z from "zod";
import { nameSchema } from "./names.js";
import type { Target, TargetArg } from "./target.js";

const id = z.number().int().positive();

export const targetSchema: z.ZodType<Target, TargetArg> = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("run"), runId: id }),
  z.strictObject({
    kind: z.literal("design"),
    campaignId: id,
    design: nameSchema,
    workload: nameSchema.nullable().default(null),
  }),
  z.strictObject({ kind: z.literal("campaign"), campaignId: id }),
  z.strictObject({ kind: z.literal("trace"), path: z.string().min(1) }),
]);
