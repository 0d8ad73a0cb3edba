// An exported file handed to the user: in the desktop app through the native
// save dialog (the main process writes it), in browser mode as the browser's
// download; text as it is, base64 as its bytes.
import type { ReportFile } from "../../../engine/api/types.js";

export async function download(file: ReportFile): Promise<void> {
  if (window.varbench) {
    await window.varbench.saveFile(file);
    return;
  }
  const body = file.encoding === "base64" ? Uint8Array.from(atob(file.text), (c) => c.charCodeAt(0)) : file.text;
  const url = URL.createObjectURL(new Blob([body], { type: file.mediaType }));
  const a = Object.assign(document.createElement("a"), { href: url, download: file.fileName });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
