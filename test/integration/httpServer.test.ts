// Browser mode's server: only 127.0.0.1, only with this start's token, only for
// its own Host; API calls, static files and the event socket behind all three.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WebSocket } from "ws";
import { tempDir } from "../helpers/uftrace.js";
import { Workspace } from "../../engine/store/workspace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { startServer, type RunningServer } from "../../engine/api/httpServer.js";
import { API_VERSION } from "../../engine/api/types.js";

let server: RunningServer;
let service: VarbenchService;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request, so tests can set any Host header. */
function raw(
  path: string,
  o: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: o.method ?? "GET",
        headers: { host: `127.0.0.1:${server.port}`, ...o.headers },
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => ok({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on("error", fail);
    req.end(o.body);
  });
}
const auth = () => ({ authorization: `Bearer ${server.token}` });

before(async () => {
  process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  const dir = join(tempDir("http"), "ws");
  Workspace.init(dir).close();
  const site = tempDir("site");
  mkdirSync(join(site, "assets"));
  writeFileSync(join(site, "index.html"), "<!doctype html><title>Varbench</title>");
  writeFileSync(join(site, "assets", "app.js"), "export {};");
  service = new VarbenchService(dir);
  server = await startServer({ service, staticDir: site });
});

after(async () => {
  await server.close();
  await service.close();
});

describe("browser-mode server", () => {
  it("listens on 127.0.0.1 only", () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it("refuses requests without the token, with a wrong one, or for a foreign Host", async () => {
    assert.equal((await raw("/")).status, 401);
    assert.equal((await raw("/api/workspace.info", { method: "POST", body: "{}" })).status, 401);
    assert.equal(
      (
        await raw("/api/workspace.info", {
          method: "POST",
          body: "{}",
          headers: { authorization: "Bearer x".padEnd(server.token.length + 7, "x") },
        })
      ).status,
      401,
    );
    assert.equal((await raw("/", { headers: { ...auth(), host: `evil.example:${server.port}` } })).status, 403);
    assert.equal(
      (
        await raw("/api/workspace.info", {
          method: "POST",
          body: "{}",
          headers: { ...auth(), origin: "http://evil.example" },
        })
      ).status,
      403,
    );
  });

  it("trades the token in the URL for a strict cookie that then opens every page", async () => {
    const first = await raw(`/?token=${server.token}`);
    assert.equal(first.status, 303);
    const cookie = String(first.headers["set-cookie"]).split(";")[0];
    assert.match(String(first.headers["set-cookie"]), /HttpOnly; SameSite=Strict/);
    const page = await raw("/", { headers: { cookie } });
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>Varbench/);
    assert.match(String(page.headers["content-security-policy"]), /default-src 'self'/);
    assert.equal((await raw("/assets/app.js", { headers: { cookie } })).headers["content-type"], "text/javascript");
    // Dot segments are resolved by URL parsing; an encoded slash is not, and is refused once decoded.
    assert.equal((await raw("/..%2f..%2f..%2fetc%2fpasswd", { headers: { cookie } })).status, 403);
  });

  it("answers API calls, with field errors for bad arguments", async () => {
    const ok = await raw("/api/workspace.info", { method: "POST", body: "{}", headers: auth() });
    assert.equal(ok.status, 200);
    assert.equal((JSON.parse(ok.body) as { result: { apiVersion: number } }).result.apiVersion, API_VERSION);
    const bad = await raw("/api/runs.get", {
      method: "POST",
      body: JSON.stringify({ runId: "seven" }),
      headers: auth(),
    });
    assert.equal(bad.status, 400);
    assert.equal((JSON.parse(bad.body) as { error: { issues: { path: string }[] } }).error.issues[0].path, "runId");
    assert.equal((await raw("/api/runs.get", { method: "POST", body: "{not json", headers: auth() })).status, 400);
    assert.equal(
      (await raw("/api/runs.get", { method: "POST", body: JSON.stringify({ runId: 5 }), headers: auth() })).status,
      404,
    );
    assert.equal((await raw("/api/nothing.here", { method: "POST", body: "{}", headers: auth() })).status, 404);
    assert.equal((await raw("/api/workspace.info", { headers: auth() })).status, 405);
  });

  it("answers a body over 1 MiB with 413 and a path that is not percent-encoding with 400, and keeps serving", async () => {
    const big = await raw("/api/workspace.info", {
      method: "POST",
      body: `{"x":"${"a".repeat((1 << 20) + 10)}"}`,
      headers: auth(),
    });
    assert.equal(big.status, 413);
    assert.match((JSON.parse(big.body) as { error: { message: string } }).error.message, /over 1048576 bytes/);
    const bad = await raw("/%E0%A4%A", { headers: auth() });
    assert.equal(bad.status, 400);
    assert.equal((await raw("/api/workspace.info", { method: "POST", body: "{}", headers: auth() })).status, 200);
  });

  it("sends events over a WebSocket that needs the token too", async () => {
    const refused = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`);
    await new Promise<void>((ok) => refused.on("error", () => ok()));
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`, { headers: auth() });
    await new Promise((ok) => ws.on("open", ok));
    const got = new Promise<string>((ok) => ws.on("message", (m: Buffer) => ok(m.toString())));
    const event = {
      campaignId: 1,
      status: "running",
      counts: {},
      total: 1,
      done: 0,
      etaMs: null,
      run: null,
      message: null,
      ended: false,
    };
    service.events.emit("campaignProgress", event);
    assert.deepEqual(JSON.parse(await got), { event: "campaignProgress", payload: event });
    ws.close();
  });

  it("forwards every event of the contract, analysis progress too", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`, { headers: auth() });
    await new Promise((ok) => ws.on("open", ok));
    const got = new Promise<string>((ok) => ws.on("message", (m: Buffer) => ok(m.toString())));
    const event = { kind: "vcg", targets: ["run:1"], stage: "reading run 1", done: 10, total: 100 };
    service.events.emit("analysisProgress", event);
    assert.deepEqual(JSON.parse(await got), { event: "analysisProgress", payload: event });
    ws.close();
  });
});
