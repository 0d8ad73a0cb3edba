// A campaign spec file: YAML read with its line numbers and checked against the
// spec's schema, so every error names the file, the line and the field.
import { LineCounter, parseDocument, isNode } from "yaml";
import { campaignSpecSchema, SpecError, type CampaignSpec } from "./spec.js";

export function parseCampaignSpec(text: string, file: string): CampaignSpec {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new SpecError(file, doc.errors.map((e) => ({ path: "", line: lines.linePos(e.pos[0]).line, message: `YAML: ${e.message.split("\n")[0]}` })));
  }
  const result = campaignSpecSchema.safeParse(doc.toJS());
  if (!result.success) {
    throw new SpecError(
      file,
      result.error.issues.map((issue) => {
        // An unknown key is reported at the key itself.
        const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
        const path = [...issue.path, ...keys.slice(0, 1)].map(String);
        return { path: path.join("."), line: lineOf(doc, lines, path), message: issue.code === "unrecognized_keys" ? `not a campaign field (${keys.join(", ")})` : issue.message };
      }),
    );
  }
  return result.data;
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
