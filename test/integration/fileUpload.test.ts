// Browser mode's file drop (issue 31 item 2): POST /api/upload streams a file to the workspace's temporary
// folder, imports it as `varbench import` would, and removes it; hostile uploads each get a clear answer,
// leave the workspace as it was and the server alive.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { UPLOADS_FOLDER } from "../../engine/api/uploads.js";
import { startUploadServer, type UploadServer } from "../helpers/uploadServer.js";

const CHROME = readFileSync("test/fixtures/uftrace/0.13/frame_loop.chrome.json");
const HYPERFINE = readFileSync("test/fixtures/results/hyperfine/1.15/two_sleeps.json");
/** A bound small enough to pass in a test, above every fixture sent. */
const BOUND = 1 << 20;

let up: UploadServer;

interface Reply {
  readonly status: number;
  readonly body: { result?: Record<string, unknown>; error?: { code: string; message: string } } | null;
}

/** POST /api/upload with the body in pieces (chunked when `length` is false), as a page of this server. */
function upload(query: string, body: Buffer, o: { token?: boolean; origin?: string; length?: boolean } = {}) {
  return new Promise<Reply>((ok, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: up.server.port,
        method: "POST",
        path: `/api/upload?${query}`,
        headers: {
          host: `127.0.0.1:${up.server.port}`,
          origin: o.origin ?? `http://127.0.0.1:${up.server.port}`,
          ...(o.token === false ? {} : { authorization: `Bearer ${up.server.token}` }),
          ...(o.length === false ? {} : { "content-length": String(body.length) }),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += String(d)));
        res.on("end", () => ok({ status: res.statusCode!, body: parse(text) }));
      },
    );
    // A server that refuses early may close before the whole body is written: the answer still counts.
    req.on("error", (e) => fail(e));
    for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
    req.end();
  });
}

function parse(text: string): Reply["body"] {
  try {
    return JSON.parse(text) as Reply["body"];
  } catch {
    return null;
  }
}

const counts = async () => {
  const runs = (await up.service.call("runs.list", {})) as unknown[];
  const campaigns = (await up.service.call("campaigns.list", {})) as unknown[];
  return { runs: runs.length, campaigns: campaigns.length };
};
const leftovers = () => up.leftovers();

before(async () => {
  up = await startUploadServer("upload", BOUND);
});

after(() => up.close());

describe("POST /api/upload", () => {
  it("imports a Chrome JSON trace as a run named after the file, and keeps no upload", async () => {
    const r = await upload("name=frame_loop.chrome.json", CHROME);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body?.result?.kind, "trace");
    assert.equal(r.body?.result?.format, "chrome");
    const run = (await up.service.call("runs.get", { runId: r.body?.result?.runId })) as {
      project: string;
      run: { hasCct: boolean };
      artifacts: { name: string }[];
    };
    assert.equal(run.project, "imported");
    assert.ok(run.run.hasCct);
    assert.ok(
      run.artifacts.some((a) => a.name === "frame_loop.chrome.json"),
      "the run names the user's file",
    );
    assert.deepEqual(leftovers(), []);
  });

  it("imports hyperfine results as a campaign, into the project the page names, sent chunked", async () => {
    const r = await upload("name=two_sleeps.json&project=bench", HYPERFINE, { length: false });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body?.result?.kind, "results");
    assert.equal(r.body?.result?.format, "hyperfine");
    const c = (await up.service.call("campaigns.get", { campaignId: r.body?.result?.campaignId })) as object;
    assert.ok(c);
    assert.deepEqual(leftovers(), []);
  });

  it("imports a trace cut off mid-event as the engine does a file (what is whole), saying so under the file's name", async () => {
    const cut = await upload("name=cut.chrome.json", CHROME.subarray(0, CHROME.length >> 1));
    assert.equal(cut.status, 200, JSON.stringify(cut.body));
    const warnings = cut.body?.result?.warnings as string[];
    assert.ok(
      warnings.some((w) => /^cut\.chrome\.json: at byte \d+: the last event is cut off/.test(w)),
      String(warnings),
    );
    assert.ok(!warnings.some((w) => w.includes(UPLOADS_FOLDER)), "the temporary folder is not shown");
  });

  it("refuses a body of no known format, truncated results and an empty file in words, adding nothing", async () => {
    const before = await counts();
    const junk = await upload("name=notes.txt", Buffer.from("these are my notes, not a trace\n".repeat(20)));
    assert.equal(junk.status, 422, "the user's file to fix, not the server failing");
    assert.match(junk.body?.error?.message ?? "", /^notes\.txt: not a trace or results file Varbench can read/);
    const cut = await upload("name=cut.json", HYPERFINE.subarray(0, HYPERFINE.length >> 1));
    assert.equal(cut.status, 422);
    assert.match(cut.body?.error?.message ?? "", /cut\.json/);
    assert.doesNotMatch(cut.body?.error?.message ?? "", /tmp|uploads|at .*\.ts:\d+/, "no temporary path, no stack");
    const empty = await upload("name=empty.json", Buffer.alloc(0));
    assert.equal(empty.status, 400);
    assert.match(empty.body?.error?.message ?? "", /empty/);
    assert.deepEqual(await counts(), before);
    assert.deepEqual(leftovers(), []);
  });

  it("answers a body over the bound with 413 whether its length is declared or not, and lives on", async () => {
    const big = Buffer.alloc(BOUND + 1, 0x20);
    for (const length of [true, false]) {
      const r = await upload("name=big.json", big, { length }).catch(() => null);
      // Declared: refused before a byte is read. Chunked: refused once the bound is passed; the
      // connection is closed on the rest, which a client still writing may see as a reset.
      if (r) {
        assert.equal(r.status, 413);
        assert.match(r.body?.error?.message ?? "", /over 1 MiB.*varbench import/);
      } else assert.equal(length, false, "a declared length is answered before the body is sent");
    }
    assert.deepEqual(leftovers(), []);
    assert.equal((await upload("name=frame_loop.chrome.json", CHROME)).status, 200, "alive");
  });

  it("refuses names that are paths or hold control characters, and no name", async () => {
    for (const name of ["../x.json", "a/b.json", "..", "a\\b.json", "tab\there.json", "nl\nx.json", "\u0085x"]) {
      const r = await upload(`name=${encodeURIComponent(name)}`, CHROME);
      assert.equal(r.status, 400, name);
      assert.match(r.body?.error?.message ?? "", /refused: the (file's name|upload)/, name);
    }
    assert.equal((await upload("", CHROME)).status, 400);
    assert.deepEqual(leftovers(), []);
    assert.ok(!existsSync(join(up.wsDir, "tmp", "x.json")) && !existsSync(join(up.wsDir, "x.json")));
  });

  it("refuses an upload without the token or from another origin", async () => {
    const before = await counts();
    assert.equal((await upload("name=t.json", CHROME, { token: false })).status, 401);
    assert.equal((await upload("name=t.json", CHROME, { origin: "http://evil.example" })).status, 403);
    assert.deepEqual(await counts(), before);
  });

  it("keeps runs.importUpload to upload ids the server made", async () => {
    await assert.rejects(
      up.service.call("runs.importUpload", { upload: "../../etc", name: "passwd", project: "p" }),
      /upload's id/,
    );
    await assert.rejects(
      up.service.call("runs.importUpload", { upload: "0".repeat(32), name: "../x", project: "p" }),
      /path/,
    );
  });
});
