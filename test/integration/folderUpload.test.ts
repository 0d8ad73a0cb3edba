// Browser mode's drop of a folder (issue 31 item 2): POST /api/upload?folder=1 takes a uftrace data
// directory's files in one body (a length, a JSON list of relative paths and sizes, the bytes), writes them
// into one upload folder and imports it as `varbench import <folder>` would; hostile folders (a path that
// climbs out, too many files, too many bytes, a body that is not what its list says, a folder that is no
// uftrace recording) each get a clear 4xx in words and leave nothing behind.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../helpers/uftrace.js";
import { startUploadServer, type UploadServer } from "../helpers/uploadServer.js";
import { MAX_FOLDER_FILES } from "../../engine/api/httpUploadDir.js";

const RECORDING = join(FIXTURES, "uftrace", "0.13", "variance", "two_callers");
/** Above the recording's bytes, small enough to pass in a test. */
const BOUND = 4 << 20;

let up: UploadServer;

interface Reply {
  readonly status: number;
  readonly body: { result?: Record<string, unknown>; error?: { code: string; message: string } } | null;
}

/** The body a page sends: a 4-byte length, the list of files, their bytes (renderer/src/files/folderUpload.ts). */
function folderBody(list: readonly { path: string; size: number }[], bytes: readonly Buffer[]): Buffer {
  const manifest = Buffer.from(JSON.stringify(list));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(manifest.length);
  return Buffer.concat([length, manifest, ...bytes]);
}

function post(query: string, body: Buffer) {
  return new Promise<Reply>((ok, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: up.server.port,
        method: "POST",
        path: `/api/upload?${query}`,
        headers: {
          host: `127.0.0.1:${up.server.port}`,
          origin: `http://127.0.0.1:${up.server.port}`,
          authorization: `Bearer ${up.server.token}`,
          "content-length": String(body.length),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += String(d)));
        res.on("end", () => {
          try {
            ok({ status: res.statusCode!, body: JSON.parse(text) as Reply["body"] });
          } catch {
            ok({ status: res.statusCode!, body: null });
          }
        });
      },
    );
    req.on("error", (e) => fail(e));
    req.end(body);
  });
}

const counts = async () => ((await up.service.call("runs.list", {})) as unknown[]).length;
const leftovers = () => up.leftovers();
const recording = () => {
  const names = readdirSync(RECORDING).sort();
  const bytes = names.map((n) => readFileSync(join(RECORDING, n)));
  return { list: names.map((path, i) => ({ path, size: bytes[i].length })), bytes };
};

before(async () => {
  up = await startUploadServer("folder-upload", BOUND);
});

after(() => up.close());

describe("POST /api/upload?folder=1", () => {
  it("imports a uftrace data directory as a run named after the folder, and keeps no upload", async () => {
    const { list, bytes } = recording();
    const r = await post("name=two_callers&folder=1", folderBody(list, bytes));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body?.result?.kind, "trace");
    const runs = (await up.service.call("runs.list", {})) as { id: number }[];
    const detail = (await up.service.call("runs.get", { runId: runs.at(-1)!.id })) as {
      run: { workload: string | null };
    };
    assert.match(JSON.stringify(detail), /two_callers/);
    assert.deepEqual(leftovers(), []);
  });

  it("refuses paths that climb out or are absolute, before writing a byte", async () => {
    const before = await counts();
    for (const path of ["../evil", "a/../../evil", "/etc/evil", "a\\..\\evil", "..", "a//b", "nl\nx"]) {
      const r = await post("name=rec&folder=1", folderBody([{ path, size: 3 }], [Buffer.from("abc")]));
      assert.equal(r.status, 400, path);
      assert.match(r.body?.error?.message ?? "", /^refused: /, path);
    }
    assert.equal(await counts(), before);
    assert.deepEqual(leftovers(), []);
    assert.ok(!existsSync(join(up.wsDir, "tmp", "evil")) && !existsSync(join(up.wsDir, "evil")));
  });

  it("refuses too many files and too many bytes with 413, in words", async () => {
    const many = Array.from({ length: MAX_FOLDER_FILES + 1 }, (_, i) => ({ path: `f${i}`, size: 0 }));
    const r = await post("name=rec&folder=1", folderBody(many, []));
    assert.equal(r.status, 413);
    assert.match(
      r.body?.error?.message ?? "",
      /more than the 10000 a page can upload; import it with `varbench import/,
    );
    const big = await post("name=rec&folder=1", folderBody([{ path: "a.dat", size: BOUND + 1 }], []));
    assert.equal(big.status, 413);
    assert.match(big.body?.error?.message ?? "", /over \d+ bytes, the most a page can upload/);
    assert.deepEqual(leftovers(), []);
  });

  it("refuses a body shorter or longer than its list, and a list twice naming a file", async () => {
    const short = await post("name=rec&folder=1", folderBody([{ path: "info", size: 10 }], [Buffer.from("abc")]));
    assert.equal(short.status, 400);
    assert.match(short.body?.error?.message ?? "", /ended before the whole folder arrived/);
    const long = await post("name=rec&folder=1", folderBody([{ path: "info", size: 1 }], [Buffer.from("abc")]));
    assert.equal(long.status, 400);
    assert.match(long.body?.error?.message ?? "", /more bytes than its list of files says/);
    const twice = [
      { path: "info", size: 1 },
      { path: "info", size: 1 },
    ];
    assert.equal((await post("name=rec&folder=1", folderBody(twice, [Buffer.from("ab")]))).status, 400);
    assert.deepEqual(leftovers(), []);
  });

  it("answers a folder that is no uftrace recording in words, under the folder's name, adding nothing", async () => {
    const before = await counts();
    const r = await post("name=notes&folder=1", folderBody([{ path: "notes.txt", size: 5 }], [Buffer.from("hello")]));
    assert.equal(r.status, 422);
    assert.match(r.body?.error?.message ?? "", /^notes: missing info \(not a uftrace data directory\?\)/);
    assert.doesNotMatch(r.body?.error?.message ?? "", /tmp|uploads/, "no temporary path");
    assert.equal(await counts(), before);
    assert.deepEqual(leftovers(), []);
  });
});
