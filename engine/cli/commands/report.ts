// `varbench report`: a campaign's report written to a file, the analyses it
// runs followed on the terminal.
import type { MeasureName } from "../../campaign/measures.js";
import { writeFileSync } from "node:fs";
import { withApi } from "../api.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { writeError } from "../../io/textFileOutput.js";
import { REPORT_FORMATS, type ReportFormat } from "../../report/exporters.js";

export function report(workspaceDir: string, campaignId: number, o: { designs?: string; workload?: string; metric?: MeasureName; format: string; output: string }): Promise<void> {
  const format = (o.format === "md" ? "markdown" : o.format) as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new Error(`--format ${o.format}: choose one of ${REPORT_FORMATS.join(", ")} (or md)`);
  const designs = o.designs?.split(",").map((d) => d.trim());
  if (designs && (designs.length !== 2 || designs.some((d) => d === ""))) throw new Error(`--designs ${o.designs}: name two designs, as A,B`);
  return withApi(workspaceDir, async (api) => {
    const file = await withAnalysisProgress(api, () => api.reports.campaign({ campaignId, format, designs: designs as [string, string] | undefined, workload: o.workload, measure: o.metric ?? null }));
    const bytes = file.encoding === "base64" ? Buffer.from(file.text, "base64") : file.text;
    if (o.output === "-") {
      if (file.encoding === "base64") throw new Error(`${format} is not text: write it to a file with -o`);
      return void process.stdout.write(bytes);
    }
    try {
      writeFileSync(o.output, bytes);
    } catch (e) {
      throw writeError(o.output, e);
    }
    process.stderr.write(`wrote ${o.output} (${format}, ${Math.max(1, Math.round(Buffer.byteLength(bytes) / 1024))} KiB)\n`);
  });
}
