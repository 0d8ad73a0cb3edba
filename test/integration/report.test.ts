// A campaign's report in every format, from a real uftrace campaign (the frame
// loop at 60 and 120 blocks): the HTML opens in Chromium with no console error
// and no request but itself; the PDF's pages turned into PNG by pdftoppm (kept
// in test-results/report to look at) carry the answer and the charts' text;
// the JSON validates against docs/schema/campaign-report.schema.json with an
// independent validator (ajv); the Markdown's wall table has the columns of
// `varbench campaign show`; the CSV zip holds one file per table; the report
// names what made it and the command that makes it again.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { Ajv } from "ajv";
import { unzipSync, strFromU8 } from "fflate";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { CHROMIUM, CHROMIUM_ARGS } from "../helpers/browserApp.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";

const OUT = join(ROOT, "test-results", "report");
const SCHEMA = join(ROOT, "docs", "schema", "campaign-report.schema.json");
let ws: string;
let dir: string;

function report(format: string, ...extra: string[]): string {
  const file = join(
    dir,
    `report-${format}${extra.length ? "-x" : ""}.${format === "markdown" ? "md" : format === "csv" ? "csv.zip" : format}`,
  );
  const r = varbench(["-w", ws, "report", "1", "--format", format, "-o", file, ...extra]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`wrote ${file.replace(/[.]/g, "\\.")} \\(${format}`));
  return file;
}

before(() => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  dir = tempDir("report");
  ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "frame_loop_uftrace.yaml")]);
  assert.equal(r.status, 0, r.stderr);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});

describe("campaign report", () => {
  it("writes JSON that validates against the schema, names its provenance, and answers which design is faster", () => {
    const text = readFileSync(report("json"), "utf8");
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, "utf8")));
    assert.ok(validate(JSON.parse(text)), JSON.stringify(validate.errors, null, 2));
    const json = JSON.parse(text);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    assert.equal(json.provenance.varbench, pkg.version);
    assert.equal(json.provenance.workspace, ws);
    // Every measured run of the campaign, as the command line lists them.
    const runs = JSON.parse(varbench(["-w", ws, "runs", "--campaign", "1", "--json"]).stdout) as {
      id: number;
      status: string;
      warmup: boolean;
    }[];
    assert.deepEqual(
      [...json.provenance.runIds].sort((a: number, b: number) => a - b),
      runs
        .filter((r) => r.status === "succeeded" && !r.warmup)
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
    // The two designs in the spec's order.
    assert.deepEqual(json.provenance.designs, { a: "blocks-60", b: "blocks-120", workload: null });
    // uftrace runs: execution patterns, both designs' VCGs, phase markers tried; one workload: no trend.
    assert.deepEqual(
      json.sections.map((s: { id: string }) => s.id),
      ["summary", "environments", "measure", "patterns", "vcg", "contexts"],
    );
    assert.ok(
      json.notes.some((n: string) => /^Trends: /.test(n)),
      json.notes.join("\n"),
    );
    // A uftrace campaign answers in the traces' own time, not the tracer's start-up.
    assert.equal(json.headline.measure, "traced on-CPU time");
    assert.equal(json.headline.basis, "the uftrace traces");
    assert.ok(json.headline.ratio >= 1 && (json.headline.interval === null || json.headline.interval.low > 0));
    // The headline's number is the one workload's row of the workloads table.
    const workloads = json.sections[0].tables.find((t: { id: string }) => t.id === "workloads");
    assert.deepEqual(
      workloads.rows.map((r: unknown[]) => r[0]),
      ["frames-60"],
    );
    assert.equal(workloads.rows[0][5], json.headline.ratio);
    // Paper 004's strategies in the patterns' section, for the one workload.
    assert.ok(
      json.sections
        .find((s: { id: string }) => s.id === "patterns")
        .tables.some((t: { id: string }) => t.id === "strategies"),
      "paper 004's strategies",
    );
    // Made again by its own command: the same report but for the time it was made.
    const again = join(dir, "again.json");
    const [cmd, ...args] = json.provenance.command.replace(/--format json$/, `--format json -o ${again}`).split(" ");
    assert.equal(cmd, "varbench");
    assert.equal(varbench(args).status, 0);
    const second = JSON.parse(readFileSync(again, "utf8"));
    assert.deepEqual(
      { ...second, provenance: { ...second.provenance, generatedAt: null } },
      { ...json, provenance: { ...json.provenance, generatedAt: null } },
    );
  });

  it("writes Markdown whose wall table has the columns of `varbench campaign show`", () => {
    const md = readFileSync(report("markdown"), "utf8");
    const show = varbench(["-w", ws, "campaign", "show", "1"]).stdout.split("\n");
    // Line 2 names the measure, as the report's section title does.
    assert.match(show[1], /^traced on-CPU time, from the uftrace traces/);
    assert.match(md, /^## Traced on-CPU time per design × workload$/m);
    const cliColumns = show[2].trim().split(/\s{2,}/);
    const header = md.split("\n").find((l) => l.startsWith("| design | workload |"))!;
    assert.deepEqual(
      header
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim()),
      cliColumns,
    );
    // And the same numbers: each design's row, column by column.
    for (const line of show.slice(4).filter(Boolean)) {
      const cli = line.trim().split(/\s{2,}/);
      const mdRow = md.split("\n").find((l) => l.startsWith(`| ${cli[0]} | ${cli[1]} |`))!;
      assert.deepEqual(
        mdRow
          .split("|")
          .slice(1, -1)
          .map((c) => c.trim()),
        cli,
      );
    }
  });

  it("writes one CSV per table, raw values in nanoseconds", () => {
    const files = unzipSync(readFileSync(report("csv")));
    assert.ok(
      [
        "workloads.csv",
        "strategies.csv",
        "environments.csv",
        "measure.csv",
        "patterns.csv",
        "matched-runs.csv",
        "vcg-patterns.csv",
      ].every((f) => f in files),
      Object.keys(files).join(", "),
    );
    const wall = strFromU8(files["measure.csv"]).trim().split("\r\n");
    assert.equal(
      wall[0],
      "design,workload,N,mean (ns),median (ns),σ (ns),CoV,MAD (ns),min (ns),max (ns),P90 (ns),P99 (ns),mean 95% CI low (ns),mean 95% CI high (ns),outliers",
    );
    const json = JSON.parse(varbench(["-w", ws, "campaign", "show", "1", "--json"]).stdout) as {
      groups: { design: string; summary: { n: number; mean: number } }[];
    };
    for (const g of json.groups) {
      const row = wall.find((l) => l.startsWith(`${g.design},`))!.split(",");
      assert.equal(Number(row[2]), g.summary.n);
      assert.equal(Number(row[3]), g.summary.mean);
    }
  });

  it("writes HTML that opens in Chromium offline: no console error, no request but itself, charts inline", async () => {
    const file = report("html");
    const html = readFileSync(file, "utf8");
    assert.match(html, /<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await (
          await browser.newContext({ colorScheme, viewport: { width: 1100, height: 900 } })
        ).newPage();
        const errors: string[] = [];
        const requests: string[] = [];
        page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
        page.on("pageerror", (e) => errors.push(e.message));
        page.on("request", (r) => requests.push(r.url()));
        await page.goto(`file://${file}`);
        assert.deepEqual(errors, []);
        assert.deepEqual(requests, [`file://${file}`]);
        // The chart of the reader's theme is the one shown.
        assert.equal(await page.locator(`#chart-measure-distribution .${colorScheme}`).isVisible(), true);
        assert.equal(
          await page.locator(`#chart-measure-distribution .${colorScheme === "light" ? "dark" : "light"}`).isVisible(),
          false,
        );
        // The embedded data is the report's JSON.
        const embedded = JSON.parse((await page.locator("script#varbench-report").textContent()) ?? "");
        assert.equal(embedded.schema, "varbench-campaign-report");
        await page.screenshot({ path: join(OUT, `report-${colorScheme}.png`), fullPage: true });
      }
    } finally {
      await browser.close();
    }
  });

  it("writes a PDF whose pages (pdftoppm) hold the answer on the first and the charts after", () => {
    const file = report("pdf");
    assert.equal(readFileSync(file).subarray(0, 5).toString(), "%PDF-");
    execFileSync("pdftoppm", ["-png", "-r", "60", file, join(OUT, "page")]);
    const pages = readdirSync(OUT).filter((f) => /^page-\d+\.png$/.test(f));
    assert.ok(pages.length >= 2, pages.join(", "));
    const text = (page: number) =>
      execFileSync("pdftotext", ["-f", String(page), "-l", String(page), "-layout", file, "-"], { encoding: "utf8" });
    assert.match(text(1), /times faster than|No difference shown|Not settled/);
    assert.doesNotMatch(text(1), /Traced on-CPU time per design × workload/, "the answer has the first page to itself");
    const all = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    // The charts are drawn (as vector text): the box plot's axis and the pattern bars' legend.
    assert.match(all, /traced on-CPU time \((ms|µs|us|s)\)/);
    assert.match(all, /% of the design's runs/);
  });

  it("refuses designs the campaign does not have, naming those it has", () => {
    const r = varbench(["-w", ws, "report", "1", "--designs", "blocks-60,nope", "-o", join(dir, "x.html")]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /campaign 1 has no design nope; its designs: blocks-60, blocks-120/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  it("exports any analysis' result in its own formats, as the command line prints it", async () => {
    const service = new VarbenchService(ws, { remember: false });
    try {
      const api = inProcessClient(service);
      const text = await api.reports.analysis({
        kind: "vcg",
        args: { target: { kind: "run", runId: 1 } },
        format: "text",
      });
      assert.equal(text.fileName, "vcg-run-1.txt");
      assert.equal(text.text.trimEnd(), varbench(["-w", ws, "vcg", "1"]).stdout.trimEnd());
      const folded = await api.reports.analysis({
        kind: "flameDiff",
        args: {
          a: { kind: "design", campaignId: 1, design: "blocks-60" },
          b: { kind: "design", campaignId: 1, design: "blocks-120" },
        },
        format: "collapsed",
      });
      assert.equal(
        folded.text,
        varbench(["-w", ws, "flame", "design:1:blocks-60", "--vs", "design:1:blocks-120"]).stdout,
      );
      await assert.rejects(
        api.reports.analysis({ kind: "vcg", args: { target: { kind: "run", runId: 1 } }, format: "pdf" }),
        /vcg exports as text, dot, json, not pdf/,
      );
      await assert.rejects(
        api.reports.analysis({ kind: "vcg", args: { target: { kind: "run", runId: 1 }, beta: 7 }, format: "text" }),
        /analyses\.vcg: beta: /,
      );
    } finally {
      await service.close();
    }
  });
});
