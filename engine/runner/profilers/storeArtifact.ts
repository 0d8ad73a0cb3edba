// What a profiler produced, stored as content-addressed artifacts of the run:
// text it holds, or a file (streamed, however large).
import type { Workspace } from "../../store/workspace.js";
import type { Collected } from "./profiler.js";

export type ArtifactContent = { readonly text: string } | { readonly file: string };

/** One artifact per entry: [kind, name, content, media type]. */
export async function storeArtifacts(
  ws: Workspace,
  entries: readonly (readonly [string, string, ArtifactContent, string])[],
): Promise<Collected> {
  const written = [];
  const artifacts = [];
  for (const [kind, name, content, mediaType] of entries) {
    const blob =
      "file" in content ? await ws.artifacts.putFile(content.file) : await ws.artifacts.putBytes(content.text);
    written.push(blob);
    artifacts.push({ kind, name, path: blob.path, sha256: blob.sha256, sizeBytes: blob.sizeBytes, mediaType });
  }
  return { written, artifacts };
}
