// A file opened or dropped on the workbench (issue 31 item 2), imported as `varbench import` imports it:
// in browser mode uploaded to POST api/upload (its bytes sent are the progress), in the desktop window
// named by its path to the main process, which imports it where it lies. The state of the one import in
// flight, for FileDrop.svelte's progress panel.
import type { Imported } from "../../../engine/api/types.js";
import { ApiError, isErrorData } from "../../../engine/errors/errors.js";

/** What the desktop window's preload adds for files (electron/preload.ts); absent in browser mode. */
interface DesktopFiles {
  pathForFile(file: File): string;
  chooseFile(kind: "file" | "folder"): Promise<string | null>;
  importPath(path: string): Promise<unknown>;
}

export function desktopFiles(): DesktopFiles | null {
  const bridge = (window as { varbench?: Partial<DesktopFiles> }).varbench;
  return bridge?.pathForFile && bridge.chooseFile && bridge.importPath ? (bridge as DesktopFiles) : null;
}

export type Stage = "idle" | "sending" | "importing" | "failed";

export class FileImport {
  stage = $state<Stage>("idle");
  name = $state("");
  sent = $state(0);
  total = $state(0);
  message = $state<string | null>(null);

  /** Imports one file; the result, or null when it failed (the message says why). */
  async run(name: string, start: (progress: (sent: number, total: number) => void) => Promise<Imported>) {
    this.name = name;
    this.message = null;
    this.sent = 0;
    this.total = 0;
    this.stage = "sending";
    try {
      const r = await start((sent, total) => {
        this.sent = sent;
        this.total = total;
        if (total > 0 && sent >= total) this.stage = "importing";
      });
      this.stage = "idle";
      return r;
    } catch (e) {
      this.stage = "failed";
      this.message = `${name} was not imported: ${e instanceof Error ? e.message : String(e)}`;
      return null;
    }
  }
}

/** Browser mode: the file's bytes to the server, the upload's progress as they go. */
export function upload(file: File, project: string | null, progress: (sent: number, total: number) => void) {
  return send(file, new URLSearchParams({ name: file.name, ...(project ? { project } : {}) }), progress);
}

/** Browser mode: a folder's files in one body (folderUpload.ts), imported as the folder (a uftrace recording). */
export function uploadFolder(name: string, body: Blob, progress: (sent: number, total: number) => void) {
  return send(body, new URLSearchParams({ name, folder: "1" }), progress);
}

function send(file: Blob, query: URLSearchParams, progress: (sent: number, total: number) => void) {
  return new Promise<Imported>((ok, fail) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `api/upload?${query}`);
    xhr.upload.onprogress = (e) => progress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.upload.onload = () => progress(file.size, file.size);
    xhr.onerror = () => fail(new Error("the Varbench server does not answer; is `npm start` still running?"));
    xhr.onload = () => {
      const body = parse(xhr.responseText) as { result?: Imported; error?: unknown } | null;
      if (xhr.status === 200 && body?.result) return ok(body.result);
      if (body && isErrorData(body.error)) return fail(ApiError.from(body.error));
      fail(
        new Error(
          xhr.status === 401
            ? "this page has no valid session: open the URL that `npm start` printed"
            : `the server answered ${xhr.status}`,
        ),
      );
    };
    xhr.send(file);
  });
}

/** The desktop window: a path imported by the main process (no bytes to send, so no progress until done). */
export async function importPath(files: DesktopFiles, path: string): Promise<Imported> {
  try {
    return (await files.importPath(path)) as Imported;
  } catch (e) {
    // The main process sends the API's error data as the message (electron/main.ts).
    const text = e instanceof Error ? e.message.replace(/^Error invoking remote method '[^']*': (Error: )?/, "") : "";
    const data = parse(text);
    throw isErrorData(data) ? ApiError.from(data) : e;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
