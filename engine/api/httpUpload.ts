// POST /api/upload?name=<file name>[&project=<project>][&folder=1] (browser mode's file drop, issue 31 item 2): the body
// streamed to a file under the workspace's temporary folder with a bound on its size, imported through
// runs.importUpload (the same import as `varbench import`), and its folder removed afterwards whatever
// happens. The caller (httpServer.ts) has checked the Host, the session token and the origin first.
import type { IncomingMessage } from "node:http";
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ApiBackend } from "./backend.js";
import type { WorkspaceInfo } from "./types.js";
import { removeUpload, uploadNameProblem, uploadPath } from "./uploads.js";
import { FolderRefused, receiveFolder } from "./httpUploadDir.js";

/** Largest file accepted: 2 GiB. The body goes to disk, not memory (the engine's memory budget does not
 * cover it); the bound keeps one drop from filling the workspace's disk. A trace bigger than this is
 * imported from the command line (`varbench import`), which reads it where it lies. */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;
/** The project an upload goes to when the page names none. */
export const UPLOAD_PROJECT = "imported";

export type UploadAnswer =
  | { readonly status: 200; readonly result: unknown }
  | { readonly status: 400 | 413; readonly message: string; readonly close: boolean }
  | { readonly status: "error"; readonly error: unknown };

class TooLarge extends Error {}

function words(n: number): string {
  return n >= 1024 ** 3 ? `${n / 1024 ** 3} GiB` : n >= 1024 ** 2 ? `${n / 1024 ** 2} MiB` : `${n} bytes`;
}

/** Receives one upload and imports it; every outcome is an answer, and the upload's folder is gone after. */
export async function receiveUpload(
  req: IncomingMessage,
  url: URL,
  service: ApiBackend,
  maxBytes: number = MAX_UPLOAD_BYTES,
): Promise<UploadAnswer> {
  const name = url.searchParams.get("name");
  const problem = uploadNameProblem(name);
  if (problem !== null || name === null) return { status: 400, message: `refused: ${problem}`, close: true };
  const tooLarge = `the file is over ${words(maxBytes)}, the most a page can upload; import it with \`varbench import\``;
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (declared > maxBytes) return { status: 413, message: tooLarge, close: true };
  const project = url.searchParams.get("project") ?? UPLOAD_PROJECT;
  const { dir } = (await service.call("workspace.info", {})) as WorkspaceInfo;
  const id = randomBytes(16).toString("hex");
  const file = uploadPath(dir, id, name);
  try {
    // &folder=1: a folder's files in one body (httpUploadDir.ts), imported as the folder (a uftrace recording).
    if (url.searchParams.get("folder") === "1") {
      try {
        await receiveFolder(req, file, maxBytes);
      } catch (e) {
        if (e instanceof FolderRefused) return { status: e.status, message: e.message, close: true };
        return { status: 400, message: "the upload ended before the whole folder arrived", close: true };
      }
      try {
        return { status: 200, result: await service.call("runs.importUpload", { upload: id, name, project }) };
      } catch (error) {
        return { status: "error", error };
      }
    }
    await mkdir(dirname(file), { recursive: true });
    let size = 0;
    const bound = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > maxBytes ? new TooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(req, bound, createWriteStream(file, { flags: "wx" }));
    } catch (e) {
      if (e instanceof TooLarge) return { status: 413, message: tooLarge, close: true };
      return { status: 400, message: "the upload ended before the whole file arrived", close: true };
    }
    if (size === 0) return { status: 400, message: `${name} is empty: there is nothing to import`, close: false };
    try {
      return { status: 200, result: await service.call("runs.importUpload", { upload: id, name, project }) };
    } catch (error) {
      return { status: "error", error };
    }
  } finally {
    await removeUpload(dir, id);
  }
}
