// `varbench import` of a hyperfine, Google Benchmark or pyperf JSON file: the
// file is read once, in chunks (never held whole), each parsed as it is copied
// into a content-addressed blob (regular files only), so a bad file stops the
// copy at once and stores nothing; the document is then checked whole, and the
// campaign and its runs go in one transaction. If either fails, the blob this
// import created is removed again.
import { basename } from "node:path";
import type { Workspace } from "../store/workspace.js";
import { insertImportedCampaign } from "../store/resultImports.js";
import { JsonStreamReader } from "../results/jsonStream.js";
import { readResultsDocument } from "../results/readResults.js";
import { planImport, type ImportOptions, type ImportPlan } from "../results/plan.js";
import type { ResultsFormat } from "../results/model.js";

export interface ResultsImport {
  readonly campaignId: number;
  readonly plan: ImportPlan;
}

export async function importResults(
  ws: Workspace,
  path: string,
  format: ResultsFormat,
  o: Omit<ImportOptions, "file">,
): Promise<ResultsImport> {
  const json = new JsonStreamReader(path);
  const blob = await ws.artifacts.putFile(path, (chunk) => json.push(chunk));
  try {
    const parsed = readResultsDocument(json.end(), path, format);
    const plan = planImport(parsed, { ...o, file: path });
    const artifact = {
      kind: `${format}-results`,
      name: basename(path),
      path: blob.path,
      sha256: blob.sha256,
      sizeBytes: blob.sizeBytes,
      mediaType: "application/json",
    };
    const campaignId = insertImportedCampaign(ws.db, plan, o.project, artifact);
    ws.artifacts.settle([blob]);
    return { campaignId, plan };
  } catch (e) {
    await ws.artifacts.discard([blob]);
    throw e;
  }
}
