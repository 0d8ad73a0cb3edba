// The report's tables as CSV, one file per table (named by the table's id),
// in one zip: raw values (nanoseconds, fractions), RFC 4180 quoting.
import { zipSync, strToU8 } from "fflate";
import type { Exporter } from "../exporter.js";
import { csvRows, csvText } from "./cells.js";
import type { CampaignReport } from "./model.js";

export const reportCsvZip: Exporter<CampaignReport> = {
  mediaType: "application/zip",
  extension: "csv.zip",
  render(r) {
    const files: Record<string, Uint8Array> = {};
    for (const s of r.sections) for (const t of s.tables) files[`${t.id}.csv`] = strToU8(csvText(csvRows(t)));
    // A fixed time stamp: the same report zips to the same bytes.
    return zipSync(files, { mtime: new Date("2000-01-01T00:00:00Z") });
  },
};
