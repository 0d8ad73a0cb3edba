// What the hardening probe sent to browser mode (issue 17, items 1, 7, 10):
// none of it may end the server, each gets the status it deserves.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { connect } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WebSocket } from "ws";
import { tempDir } from "../helpers/uftrace.js";
import { seededRandom } from "../../engine/stats/random.js";
import { Workspace } from "../../engine/store/workspace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { startServer, type RunningServer } from "../../engine/api/httpServer.js";

let server: RunningServer;
let service: VarbenchService;

/** Bytes sent as they are, and the status line that comes back ("" when the connection just closes). */
/** Sends `text` as is and gives the reply's first line. `end`: half-close after sending (as a client that has
 * no more to say); a request answered after an await must not (Node ends a half-closed socket's pending
 * requests), so it says `Connection: close` and keeps its side open instead. */
function rawHttp(text: string | Buffer, end = true): Promise<string> {
  return new Promise((ok) => {
    const s = connect(server.port, "127.0.0.1", () => (end ? s.end(text) : s.write(text)));
    let reply = "";
    s.on("data", (d) => (reply += d.toString("latin1")));
    s.on("error", () => ok(reply.split("\r\n")[0]));
    s.on("close", () => ok(reply.split("\r\n")[0]));
  });
}

function get(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request(
      { host: "127.0.0.1", port: server.port, path, headers: { host: `127.0.0.1:${server.port}`, ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => ok(res.statusCode!));
      },
    );
    req.on("error", fail);
    req.end();
  });
}

async function alive(): Promise<void> {
  assert.equal(await get("/", { authorization: `Bearer ${server.token}` }), 200, "the server still serves");
}

const upgrade = (path: string, headers: string[]) =>
  rawHttp(
    [
      `GET ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      "Connection: Upgrade",
      "Upgrade: websocket",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      ...headers,
      "",
      "",
    ].join("\r\n"),
  );

before(async () => {
  process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  const dir = join(tempDir("http-hard"), "ws");
  Workspace.init(dir).close();
  const site = tempDir("site");
  mkdirSync(join(site, "assets"));
  writeFileSync(join(site, "index.html"), "<!doctype html><title>Varbench</title>");
  service = new VarbenchService(dir);
  server = await startServer({ service, staticDir: site });
});

after(async () => {
  await server.close();
  await service.close();
});

describe("browser mode against hostile requests", () => {
  it("answers a token of 32 'é' with 401, on the event socket and over HTTP, and lives on", async () => {
    const e = "é".repeat(32);
    assert.match(await upgrade(`/api/events?token=${encodeURIComponent(e)}`, []), /^HTTP\/1\.1 401/);
    assert.match(await upgrade("/api/events", [`Cookie: varbench_token_${server.port}=${e}`]), /^HTTP\/1\.1 401/);
    assert.equal(await get("/", { cookie: `varbench_token_${server.port}=${encodeURIComponent(e)}` }), 401);
    assert.equal(await get("/", { authorization: `Bearer ${e}` }), 401);
    await alive();
  });

  it("refuses the event socket to a foreign Origin even with the token, and opens it to its own page", async () => {
    assert.match(
      await upgrade(`/api/events?token=${server.token}`, ["Origin: http://evil.example"]),
      /^HTTP\/1\.1 403/,
    );
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`, {
      headers: { authorization: `Bearer ${server.token}`, origin: `http://127.0.0.1:${server.port}` },
    });
    await new Promise((ok, fail) => (ws.once("open", ok), ws.once("error", fail)));
    ws.close();
  });

  it("names its cookie after its port, so another server on 127.0.0.1 neither receives nor overwrites it", async () => {
    const r = await new Promise<string>((ok) =>
      request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: `/?token=${server.token}`,
          headers: { host: `127.0.0.1:${server.port}` },
        },
        (res) => (res.resume(), ok(String(res.headers["set-cookie"]))),
      ).end(),
    );
    assert.match(r, new RegExp(`^varbench_token_${server.port}=`));
    assert.equal(
      await get("/", { cookie: `varbench_token=${server.token}` }),
      401,
      "the old, port-less name opens nothing",
    );
  });

  it("refuses an API call a browser says comes from another site, with the cookie and no Origin (a form's POST), and takes its own page's", async () => {
    const call = (site: string | null) =>
      rawHttp(
        [
          `POST /api/workspace.info HTTP/1.1`,
          `Host: 127.0.0.1:${server.port}`,
          `Cookie: varbench_token_${server.port}=${server.token}`,
          ...(site ? [`Sec-Fetch-Site: ${site}`] : []),
          "Connection: close",
          "Content-Length: 2",
          "",
          "{}",
        ].join("\r\n"),
        false,
      );
    assert.match(await call("cross-site"), /^HTTP\/1\.1 403/);
    assert.match(await call("same-site"), /^HTTP\/1\.1 403/, "a page of another port of 127.0.0.1 is same-site");
    assert.match(await call("same-origin"), /^HTTP\/1\.1 200/);
    assert.match(await call(null), /^HTTP\/1\.1 200/, "a client that sends no Fetch Metadata is judged by Origin");
    assert.match(await upgrade(`/api/events?token=${server.token}`, ["Sec-Fetch-Site: cross-site"]), /^HTTP\/1\.1 403/);
  });

  it("answers two Host headers with 400, whichever is foreign (Node kept the first, so a foreign second passed)", async () => {
    const twoHosts = (a: string, b: string) =>
      rawHttp(
        [
          `POST /api/workspace.info HTTP/1.1`,
          `Host: ${a}`,
          `Host: ${b}`,
          `Authorization: Bearer ${server.token}`,
          "Content-Length: 2",
          "",
          "{}",
        ].join("\r\n"),
      );
    assert.match(await twoHosts(`127.0.0.1:${server.port}`, "evil.example"), /^HTTP\/1\.1 400/);
    assert.match(await twoHosts("evil.example", `127.0.0.1:${server.port}`), /^HTTP\/1\.1 400/);
    assert.match(await twoHosts(`127.0.0.1:${server.port}`, `127.0.0.1:${server.port}`), /^HTTP\/1\.1 400/);
    assert.match(await upgrade(`/api/events?token=${server.token}`, ["Host: evil.example"]), /^HTTP\/1\.1 400/);
    await alive();
  });

  it("answers a request line that is no URL with 400, and garbage with 400, and lives on", async () => {
    assert.match(await rawHttp(`GET http://[ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`), /^HTTP\/1\.1 400/);
    assert.match(await rawHttp("\x00\x01\x02 not http at all\r\n\r\n"), /^HTTP\/1\.1 400/);
    await alive();
  });

  it("survives a fuzz of methods, paths, headers and upgrades (fixed seed)", async () => {
    const random = seededRandom(17);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const junk = (n: number) =>
      Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(random() * 0x2fff))).join("");
    for (let i = 0; i < 150; i++) {
      const method = pick(["GET", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]);
      const path = pick([
        "/",
        "/api/events",
        "/api/workspace.info",
        "/api/runs.list",
        `/${encodeURIComponent(junk(8))}`,
        "/%E0%A4%A",
        "/api/",
        "/api/%00",
      ]);
      const headers = [
        `Host: ${pick([`127.0.0.1:${server.port}`, `localhost:${server.port}`, "evil.example"])}`,
        pick([
          `Authorization: Bearer ${server.token}`,
          `Authorization: Bearer ${junk(24)}`,
          `Cookie: varbench_token_${server.port}=${junk(32)}`,
          "",
        ]),
        pick(["", "Origin: http://evil.example", `Origin: http://127.0.0.1:${server.port}`, `Origin: ${junk(6)}`]),
        ...(random() < 0.3
          ? [
              "Connection: Upgrade",
              "Upgrade: websocket",
              "Sec-WebSocket-Version: 13",
              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            ]
          : []),
      ].filter(Boolean);
      const body = pick(["", "{}", "{", JSON.stringify({ campaignId: junk(3) }), junk(40)]);
      const text = Buffer.concat([
        Buffer.from(
          `${method} ${path} HTTP/1.1\r\n${headers.join("\r\n")}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
          "utf8",
        ),
        Buffer.from(body, "utf8"),
      ]);
      const status = await rawHttp(text);
      assert.doesNotMatch(status, /^HTTP\/1\.1 5/, `${method} ${path}: ${status}`);
    }
    await alive();
  });
});
