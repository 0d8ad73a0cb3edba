// A campaign spec file: YAML read with its line numbers and checked against the
// spec's schema, so every error names the file, the line and the field.
import { LineCounter, parseDocument, isNode } from "yaml";
import { campaignSpecSchema, SpecError, type CampaignSpec } from "./spec.js";

/** Aliases a spec may use: a handful in any real spec; yaml's own default (100) still lets a small
 * file expand to millions of nodes. */
const MAX_ALIAS_COUNT = 50;

export function parseCampaignSpec(text: string, file: string): CampaignSpec {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new SpecError(
      file,
      doc.errors.map((e) => ({
        path: "",
        line: lines.linePos(e.pos[0]).line,
        message: `YAML: ${e.message.split("\n")[0]}`,
      })),
    );
  }
  let value: unknown;
  try {
    // Aliases bounded: a billion-laughs document expands each alias into copies of copies.
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    throw new SpecError(file, [{ path: "", line: null, message: `YAML: ${(e as Error).message.split("\n")[0]}` }]);
  }
  if (value === null || value === undefined)
    throw new SpecError(file, [
      {
        path: "",
        line: null,
        message: "the spec is empty: it needs at least project, designs, workloads and repetitions",
      },
    ]);
  const result = campaignSpecSchema.safeParse(value);
  if (!result.success) {
    throw new SpecError(
      file,
      result.error.issues.map((issue) => {
        // An unknown key is reported at the key itself.
        const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
        const path = [...issue.path, ...keys.slice(0, 1)].map(String);
        return {
          path: path.join("."),
          line: lineOf(doc, lines, path),
          message: issue.code === "unrecognized_keys" ? `not a campaign field (${keys.join(", ")})` : issue.message,
        };
      }),
    );
  }
  return result.data;
}

/** Lines for issues found after the schema (the planner's unknown placeholders): path "a.0.b" → its line. */
export function specLines(text: string): (path: string) => number | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  return (path) => lineOf(doc, lines, path ? path.split(".") : []);
}

/** The line of the deepest node along `path` that exists in the document. */
function lineOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter, path: readonly string[]): number | null {
  for (let n = path.length; n >= 0; n--) {
    const keys = path.slice(0, n).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const node = n === 0 ? doc.contents : doc.getIn(keys, true);
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return null;
}
