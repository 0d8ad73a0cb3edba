// `varbench report`: a campaign's report written to a file, the analyses it
// runs followed on the terminal.
import type { MeasureName } from "../../campaign/measures.js";
import { writeFileSync } from "node:fs";
import { withApi } from "../api.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { designPair } from "../optionParsers.js";
import { checkNames } from "../target.js";
import { writeError } from "../../io/textFileOutput.js";
import { REPORT_FORMATS, type ReportFormat } from "../../report/exporters.js";

export function report(
  workspaceDir: string,
  campaignId: number,
  o: { designs?: string; workload?: string; metric?: MeasureName; format: string; output: string },
): Promise<void> {
  const format = (o.format === "md" ? "markdown" : o.format) as ReportFormat;
  if (!REPORT_FORMATS.includes(format))
    throw new Error(`--format ${o.format}: choose one of ${REPORT_FORMATS.join(", ")} (or md)`);
  const designs = o.designs === undefined ? undefined : designPair(o.designs);
  return withApi(workspaceDir, async (api) => {
    if (designs) checkNames(campaignId, await api.campaigns.get({ campaignId }), designs);
    const file = await withAnalysisProgress(api, () =>
      api.reports.campaign({ campaignId, format, designs, workload: o.workload, measure: o.metric ?? null }),
    );
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
    process.stderr.write(
      `wrote ${o.output} (${format}, ${Math.max(1, Math.round(Buffer.byteLength(bytes) / 1024))} KiB)\n`,
    );
  });
}
