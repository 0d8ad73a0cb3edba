// Open or drop a file in the desktop window (issue 31 item 2): a path the page names (a file dropped on
// the window, its path given by the preload's webUtils.getPathForFile) or the native open dialog chose,
// checked here before the engine imports it where it lies. The engine would read any path the window
// names through runs.import; this check keeps a drop to what an import can read: a regular file or a
// folder (a uftrace data directory), never a device, a FIFO or a socket, which a read would hang on.
import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";

/** The project a dropped or opened file goes to, as browser mode's upload (engine/api/httpUpload.ts). */
export const OPENED_PROJECT = "imported";
/** Longest path taken: PATH_MAX on Linux. */
const MAX_PATH_BYTES = 4096;

/** The path, checked; an Error in words when it cannot be imported. */
export async function importablePath(path: unknown): Promise<string> {
  if (typeof path !== "string" || path.length === 0) throw new Error("refused: no file was named");
  if (Buffer.byteLength(path) > MAX_PATH_BYTES || path.includes("\0") || !isAbsolute(path))
    throw new Error("refused: not the path of a file on this machine");
  const info = await stat(path).catch(() => null);
  if (!info) throw new Error(`${path} does not exist (or cannot be read)`);
  if (!info.isFile() && !info.isDirectory())
    throw new Error(`${path} is neither a file nor a folder: a trace, results file or uftrace data directory is`);
  return path;
}

/** The open dialog's options: files, or folders (on Linux and Windows one dialog cannot offer both). */
export function openDialogOptions(kind: unknown): {
  title: string;
  properties: ("openFile" | "openDirectory")[];
  filters: { name: string; extensions: string[] }[];
} {
  const folder = kind === "folder";
  return {
    title: folder ? "Open a uftrace data directory" : "Open a trace or results file",
    properties: folder ? ["openDirectory"] : ["openFile"],
    filters: folder
      ? []
      : [
          { name: "Traces and results", extensions: ["json", "txt", "events"] },
          { name: "All files", extensions: ["*"] },
        ],
  };
}
