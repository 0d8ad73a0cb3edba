// Every campaign of the demo workspace (engine/cli/demo.ts: wall times only,
// uftrace traces, a worker pool, gcov, callgrind, a server's requests) reported
// in every text format: the JSON valid against the schema, the answer present
// wherever two designs are compared, and each section the profiler allows
// either present or named in a note — never an internal error.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { demoWorkspace } from "../helpers/demoWorkspace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { CampaignReport } from "../../engine/api/types.js";

const SCHEMA = JSON.parse(readFileSync(join(ROOT, "docs", "schema", "campaign-report.schema.json"), "utf8"));
let dir: string;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  ({ dir } = await demoWorkspace("demo-reports"));
});

describe("reports of the demo workspace", () => {
  it("renders every campaign in JSON (valid), HTML, Markdown and CSV", async () => {
    const service = new VarbenchService(dir, { remember: false });
    const validate = new Ajv({ allErrors: true, strict: false }).compile(SCHEMA);
    try {
      const api = inProcessClient(service);
      const campaigns = await api.campaigns.list({});
      assert.equal(campaigns.length, 8);
      for (const c of campaigns) {
        const text = (await api.reports.campaign({ campaignId: c.id, format: "json" })).text;
        assert.ok(validate(JSON.parse(text)), `campaign ${c.id}: ${JSON.stringify(validate.errors)}`);
        const r = JSON.parse(text) as CampaignReport;
        const detail = await api.campaigns.get({ campaignId: c.id });
        // Two designs: compared, with an answer; otherwise the wall times alone.
        if (detail.designs.length === 2) {
          assert.ok(r.headline, `campaign ${c.id} (${c.name}) has no answer`);
          assert.equal(r.sections[0].id, "summary");
        } else assert.equal(r.headline, null);
        assert.ok(r.sections.some((s) => s.id === "measure"));
        // Execution patterns wherever the profiler records timelines, or a note saying why not.
        if (detail.designs.length === 2)
          assert.ok(
            r.sections.some((s) => s.id === "patterns") || r.notes.some((n) => n.startsWith("Execution patterns")),
            `campaign ${c.id}: ${r.notes.join("; ")}`,
          );
        const html = (await api.reports.campaign({ campaignId: c.id, format: "html" })).text;
        assert.match(html, /^<!doctype html>/);
        assert.ok(html.includes(r.title.replace(/&/g, "&amp;").replace(/</g, "&lt;")));
        const md = (await api.reports.campaign({ campaignId: c.id, format: "markdown" })).text;
        assert.ok(md.startsWith(`# ${r.title}`));
        const csv = await api.reports.campaign({ campaignId: c.id, format: "csv" });
        assert.equal(csv.encoding, "base64");
      }
    } finally {
      await service.close();
    }
  });
});
