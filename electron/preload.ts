// The preload (sandboxed, context-isolated): the renderer gets exactly seven
// functions on window.varbench, and only `varbench:<noun>.<verb>` channels pass.
// It imports nothing of the engine but types, so it bundles to a few lines.
import { contextBridge, ipcRenderer, webUtils } from "electron";

const CHANNEL = /^varbench:[a-z]+\.[a-zA-Z]+$/;

contextBridge.exposeInMainWorld("varbench", {
  invoke(channel: string, args: unknown): Promise<unknown> {
    if (typeof channel !== "string" || !CHANNEL.test(channel))
      return Promise.reject(new Error(`refused channel ${String(channel)}`));
    return ipcRenderer.invoke(channel, args);
  },
  onEvent(listener: (event: string, payload: unknown) => void): () => void {
    const f = (_e: unknown, m: { event: string; payload: unknown }) => listener(m.event, m.payload);
    ipcRenderer.on("varbench:event", f);
    return () => ipcRenderer.off("varbench:event", f);
  },
  /** An export written where the user says, through the native save dialog. */
  saveFile(file: unknown): Promise<unknown> {
    return ipcRenderer.invoke("varbench:file.save", file);
  },
  /** A dropped file's path on this machine (renderer/src/files/); "" for a File the page made itself. */
  pathForFile(file: unknown): string {
    try {
      return webUtils.getPathForFile(file as File);
    } catch {
      return "";
    }
  },
  /** The native open dialog, for a file or a folder (a uftrace data directory); null when cancelled. */
  chooseFile(kind: unknown): Promise<unknown> {
    return ipcRenderer.invoke("varbench:file.choose", kind === "folder" ? "folder" : "file");
  },
  /** A path imported by the main process, which checks it first (electron/openFiles.ts). */
  importPath(path: unknown): Promise<unknown> {
    return ipcRenderer.invoke("varbench:file.import", path);
  },
  onMenu(listener: (action: string) => void): () => void {
    const f = (_e: unknown, action: string) => listener(action);
    ipcRenderer.on("varbench:menu", f);
    return () => ipcRenderer.off("varbench:menu", f);
  },
});
