// One interface for every export (docs/style.md "Exporters share one interface"):
// a format renders an engine result to text or bytes, one file per format,
// each typed by the result it renders, so no format is kept up by hand.
import { VarbenchError } from "../errors/errors.js";

export interface Exporter<R, O = unknown> {
  readonly mediaType: string;
  /** File name extension, without the dot. */
  readonly extension: string;
  render(result: R, options: O): string | Uint8Array;
}

/** A result this format cannot hold (too large, or not expressible), in words for people: a
 * refusal (errors/errors.ts), with the format as the argument at fault, never an internal error. */
export class ExportRefused extends VarbenchError {
  readonly kind = "refused";

  constructor(message: string) {
    super(message, "failed", [{ path: "format", message: "this result does not fit the format" }]);
    this.name = "ExportRefused";
  }
}

/** An export as it crosses the API: text, or bytes as base64 text (JSON carries no bytes). */
export interface ReportFile {
  readonly fileName: string;
  readonly mediaType: string;
  readonly encoding: "utf8" | "base64";
  readonly text: string;
}

/** Renders `result` and names the file `<baseName>.<extension>`. */
export function exportFile<R, O>(exporter: Exporter<R, O>, result: R, options: O, baseName: string): ReportFile {
  const out = exporter.render(result, options);
  const file = { fileName: `${baseName}.${exporter.extension}`, mediaType: exporter.mediaType };
  return typeof out === "string"
    ? { ...file, encoding: "utf8", text: out }
    : { ...file, encoding: "base64", text: toBase64(out) };
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    s +=
      ALPHABET[n >> 18] +
      ALPHABET[(n >> 12) & 63] +
      (i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : "=") +
      (i + 2 < bytes.length ? ALPHABET[n & 63] : "=");
  }
  return s;
}
