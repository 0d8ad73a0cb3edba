// `varbench import` of a hyperfine, Google Benchmark or pyperf JSON file: the
// file is read and checked whole first (a bad file stores nothing), then kept
// as a content-addressed blob, then the campaign and its runs go in one
// transaction; if that fails, the blob this import created is removed again.
import { openRegular } from "../io/openRegular.js";
import { basename } from "node:path";
import type { Workspace } from "../store/workspace.js";
import { insertImportedCampaign } from "../store/resultImports.js";
import { readResults } from "../results/readResults.js";
import { planImport, type ImportOptions, type ImportPlan } from "../results/plan.js";
import type { ResultsFormat } from "../results/model.js";

export interface ResultsImport {
  readonly campaignId: number;
  readonly plan: ImportPlan;
}

export async function importResults(ws: Workspace, path: string, format: ResultsFormat, o: Omit<ImportOptions, "file">): Promise<ResultsImport> {
  const handle = await openRegular(path);
  const bytes = await handle.readFile().finally(() => handle.close());
  const plan = planImport(readResults(bytes, path, format), { ...o, file: path });
  const blob = await ws.artifacts.putBytes(bytes);
  try {
    const artifact = { kind: `${format}-results`, name: basename(path), path: blob.path, sha256: blob.sha256, sizeBytes: blob.sizeBytes, mediaType: "application/json" };
    return { campaignId: insertImportedCampaign(ws.db, plan, o.project, artifact), plan };
  } catch (e) {
    await ws.artifacts.discard([blob]);
    throw e;
  }
}
