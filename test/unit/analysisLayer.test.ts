// Pieces of the analysis layer worked by hand: the text form of targets, the
// wording of failures inside an analysis, and exports as bytes.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as z from "zod";
import { formatTarget, parseTarget } from "../../engine/campaign/target.js";
import { targetSchema } from "../../engine/campaign/targetSchema.js";
import { defineAnalysis } from "../../engine/analyses/descriptor.js";
import { runAnalysis, type AnalysisHost, type AnalysisProgressEvent } from "../../engine/analyses/runAnalysis.js";
import { AnalysisSources } from "../../engine/analyses/sources.js";
import { ApiError } from "../../engine/errors/errors.js";
import { exportFile, type Exporter } from "../../engine/report/exporter.js";

describe("targets", () => {
  it("reads and writes the text form", () => {
    assert.deepEqual(parseTarget("12"), { kind: "run", runId: 12 });
    assert.deepEqual(parseTarget("12", ["campaign"]), { kind: "campaign", campaignId: 12 });
    assert.deepEqual(parseTarget("run:7"), { kind: "run", runId: 7 });
    assert.deepEqual(parseTarget("campaign:3"), { kind: "campaign", campaignId: 3 });
    assert.deepEqual(parseTarget("design:3:blocks-60"), {
      kind: "design",
      campaignId: 3,
      design: "blocks-60",
      workload: null,
    });
    assert.deepEqual(parseTarget("design:3:blocks-60:frames-120"), {
      kind: "design",
      campaignId: 3,
      design: "blocks-60",
      workload: "frames-120",
    });
    assert.deepEqual(parseTarget("traces/x.json"), { kind: "trace", path: "traces/x.json" });
    for (const bad of ["run:x", "campaign:", "design:3", "design:x:y", ""]) assert.equal(parseTarget(bad), null, bad);
    for (const text of ["run:12", "campaign:3", "design:3:blocks-60", "design:3:blocks-60:frames-120", "a/trace.data"])
      assert.equal(formatTarget(parseTarget(text)!), text);
  });

  it("checks targets at the boundary, a design's workload defaulting to all", () => {
    assert.deepEqual(targetSchema.parse({ kind: "design", campaignId: 1, design: "d" }), {
      kind: "design",
      campaignId: 1,
      design: "d",
      workload: null,
    });
    assert.equal(targetSchema.safeParse({ kind: "run", runId: 0 }).success, false);
    assert.equal(targetSchema.safeParse({ kind: "design", campaignId: 1, design: "no spaces" }).success, false);
    assert.equal(targetSchema.safeParse({ kind: "file", path: "x" }).success, false);
  });
});

describe("runAnalysis", () => {
  const events: AnalysisProgressEvent[] = [];
  const host: AnalysisHost = {
    workspace: () => {
      throw new Error("no workspace: a trace target needs none");
    },
    sources: new AnalysisSources(() => {
      throw new Error("no workspace");
    }),
    localFiles: true,
    progress: (e) => events.push(e),
  };
  const failing = (error: () => never) =>
    defineAnalysis({
      kind: "probe",
      title: "probe analysis",
      version: 1,
      args: () => z.strictObject({ target: targetSchema }),
      targets: { target: ["trace"] },
      cache: false,
      reads: [],
      exporters: null,
      flags: {},
      steps: async () => ({ load: async () => null, compute: () => error() }),
    });
  const args = { target: { kind: "trace", path: "/some/trace.json" } };

  it("words an error of JavaScript itself as a bug of the analysis, naming what it looked at", async () => {
    const d = failing(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'cls')");
    });
    await assert.rejects(runAnalysis(host, d as never, args), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.code, "failed");
      assert.match(
        e.message,
        /^the probe analysis of \/some\/trace\.json stopped on an internal error \(TypeError: Cannot read properties of undefined \(reading 'cls'\)\)\. This is a bug in Varbench/,
      );
      return true;
    });
    assert.equal(events.at(-1)!.stage, "done", "the view's progress ends even on failure");
  });

  it("passes on errors Varbench raises on purpose as they are", async () => {
    const d = failing(() => {
      throw new Error("run 4 holds no trace");
    });
    await assert.rejects(
      runAnalysis(host, d as never, args),
      (e: unknown) => e instanceof Error && e.message === "run 4 holds no trace",
    );
  });
});

describe("exporters", () => {
  it("send text as it is and bytes as base64", () => {
    const text: Exporter<string> = { mediaType: "text/plain", extension: "txt", render: (s) => s };
    const bytes: Exporter<number[]> = {
      mediaType: "application/octet-stream",
      extension: "bin",
      render: (b) => Uint8Array.from(b),
    };
    assert.deepEqual(exportFile(text, "héllo", {}, "r"), {
      fileName: "r.txt",
      mediaType: "text/plain",
      encoding: "utf8",
      text: "héllo",
    });
    for (const b of [[], [0], [1, 2], [255, 254, 253], [104, 105, 33, 0, 200]]) {
      const f = exportFile(bytes, b, {}, "b");
      assert.equal(f.encoding, "base64");
      assert.equal(f.text, Buffer.from(b).toString("base64"), `bytes ${b.join(",")}`);
    }
  });
});
