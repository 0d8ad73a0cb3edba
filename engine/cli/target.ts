// A command's <target> argument: a path that exists is a trace, whatever it
// looks like; otherwise the text forms of campaign/target.ts.
import { existsSync } from "node:fs";
import { parseTarget, TARGET_FORMS, type TargetArg, type TargetKind } from "../campaign/target.js";

export function targetArg(text: string, accepts?: readonly TargetKind[]): TargetArg {
  if (existsSync(text)) return { kind: "trace", path: text };
  const t = parseTarget(text, accepts);
  if (!t) throw new Error(`${text} is not a target: name ${Object.values(TARGET_FORMS).join(", ")}`);
  return t;
}
