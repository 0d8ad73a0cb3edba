// An exported file handed to the browser's download: text as it is, base64 as its bytes.
import type { ReportFile } from "../../../engine/api/types.js";

export function download(file: ReportFile): void {
  const body = file.encoding === "base64" ? Uint8Array.from(atob(file.text), (c) => c.charCodeAt(0)) : file.text;
  const url = URL.createObjectURL(new Blob([body], { type: file.mediaType }));
  const a = Object.assign(document.createElement("a"), { href: url, download: file.fileName });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
