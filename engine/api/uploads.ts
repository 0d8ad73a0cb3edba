// Browser mode's file drop (issue 31, item 2): a file the page uploads is written under the workspace's
// temporary folder, one fresh folder per upload holding the file under its own name (so a run or a
// campaign imported from it is named after the user's file, as `varbench import` names them), imported by
// runs.importUpload, and removed afterwards whatever happens. Only names made here pass: a page can name
// an upload, never a path.
import { join } from "node:path";
import { rm } from "node:fs/promises";

/** Where uploads wait for their import, inside the workspace folder. */
export const UPLOADS_FOLDER = join("tmp", "uploads");
/** The name of one upload's folder: 128 random bits, as the server makes them. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** A file name of the file systems Varbench runs on: at most 255 bytes (NAME_MAX on Linux and macOS). */
const MAX_NAME_BYTES = 255;

/** Why a file's name cannot be used as one (a path, a control character), or null when it can. */
export function uploadNameProblem(name: string | null): string | null {
  if (name === null || name.length === 0) return "the upload names no file (?name=<the file's name>)";
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) return `the file's name is over ${MAX_NAME_BYTES} bytes`;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "the file's name holds control characters";
  if (/[/\\]/.test(name) || name === "." || name === "..")
    return "the file's name is a path; give the file's own name, without folders";
  return null;
}

/** The file of an upload (its id and name already checked). */
export function uploadPath(workspaceDir: string, id: string, name: string): string {
  return join(workspaceDir, UPLOADS_FOLDER, id, name);
}

/** Removes an upload's folder; nothing to remove is no error. */
export function removeUpload(workspaceDir: string, id: string): Promise<void> {
  return rm(join(workspaceDir, UPLOADS_FOLDER, id), { recursive: true, force: true });
}
