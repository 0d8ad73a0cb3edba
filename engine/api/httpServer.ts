// Browser mode (docs/design.md "Security"): the API over HTTP + WebSocket and the
// built renderer, on 127.0.0.1 only. Every request must carry the random
// per-start token (a cookie set when the printed URL is opened, or a bearer
// header) and a Host of this server, so neither another local user's page nor
// a DNS-rebinding site can reach the workspace.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { WebSocketServer, type WebSocket } from "ws";
import type { ApiBackend } from "./backend.js";
import { isUserError, toErrorData, type ApiErrorCode } from "../errors/errors.js";
import { EVENT_NAMES } from "./contract.js";
import { fetchSiteOk, MAX_BODY_DEPTH, nestedDeeperThan, singleHost } from "./requestChecks.js";
import { receiveUpload } from "./httpUpload.js";
import { textOf } from "../io/jsonText.js";

export interface ServerOptions {
  readonly service: ApiBackend;
  /** Folder of the built renderer (index.html and assets). */
  readonly staticDir: string;
  readonly port?: number;
  readonly token?: string;
  /** Largest file POST /api/upload takes (httpUpload.ts's MAX_UPLOAD_BYTES unless a test sets less). */
  readonly maxUploadBytes?: number;
}

export interface RunningServer {
  readonly url: string;
  /** The URL to open: it carries the token once, then a cookie does. */
  readonly openUrl: string;
  readonly token: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The cookie's name carries the port: cookies are not tied to ports, so two Varbench servers (or
 * another service on 127.0.0.1) would otherwise receive, and overwrite, each other's token. */
const cookieName = (port: number) => `varbench_token_${port}`;
/** Compared as digests, which always have the same length: timingSafeEqual throws on buffers of
 * different lengths, and a token of 32 "é" is 32 characters but 64 bytes. */
const digest = (text: string) => createHash("sha256").update(text).digest();
const STATUS: Record<ApiErrorCode, number> = {
  "invalid-arguments": 400,
  unauthorized: 401,
  "not-found": 404,
  conflict: 409,
  failed: 500,
};
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
};
/** Largest request body accepted: API arguments are small. */
const MAX_BODY_BYTES = 1 << 20;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString("base64url");
  const staticDir = resolve(options.staticDir);
  let port = 0;
  const hostOk = (req: IncomingMessage) => {
    const host = singleHost(req);
    return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
  };
  const tokenOk = (req: IncomingMessage, url: URL) => {
    const given = bearer(req) ?? cookie(req, cookieName(port)) ?? url.searchParams.get("token");
    return given !== null && timingSafeEqual(digest(given), digest(token));
  };
  /** API calls and the event socket come from pages of this server only: by Origin, and by a browser's Fetch Metadata. */
  const originOk = (req: IncomingMessage) =>
    (req.headers.origin === undefined || req.headers.origin === `http://${req.headers.host}`) && fetchSiteOk(req);

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // A request line that is no URL is the client's mistake; anything else is ours, said without a stack.
      if (e instanceof TypeError && /Invalid URL/.test(e.message))
        return send(res, 400, "text/plain; charset=utf-8", "refused: the request's path is not a URL");
      send(res, 500, "text/plain; charset=utf-8", `internal error: ${(e as Error).message}`);
    });
  });
  server.on("clientError", (_e, socket) => socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n"));
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (singleHost(req) === null)
      return send(res, 400, "text/plain; charset=utf-8", "refused: a request names one Host, not none or several");
    if (!hostOk(req))
      return send(
        res,
        403,
        "text/plain; charset=utf-8",
        "refused: this server answers only to 127.0.0.1 and localhost",
      );
    if (!tokenOk(req, url))
      return send(
        res,
        401,
        "text/plain; charset=utf-8",
        "refused: open the URL that `varbench start` printed; it carries this session's token",
      );
    if (url.searchParams.has("token")) {
      // Trade the token in the URL for a cookie, and drop it from the address bar.
      res.writeHead(303, {
        "set-cookie": `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        location: "/",
      });
      return void res.end();
    }
    if (url.pathname.startsWith("/api/")) return api(req, res, url.pathname.slice(5), url);
    return serveStatic(res, url.pathname);
  }

  async function api(req: IncomingMessage, res: ServerResponse, method: string, url: URL): Promise<void> {
    if (req.method !== "POST") return send(res, 405, "text/plain; charset=utf-8", "API calls are POST");
    if (!originOk(req))
      return send(res, 403, "text/plain; charset=utf-8", "refused: the call does not come from a page of this server");
    if (method === "upload") return upload(req, res, url);
    let body: string;
    try {
      body = await readBody(req);
    } catch (e) {
      if (!(e instanceof BodyTooLarge)) throw e;
      // Said before the connection is closed on the rest of the body.
      res.writeHead(413, { "content-type": "application/json", "cache-control": "no-store", connection: "close" });
      return void res.end(
        JSON.stringify({ error: { code: "invalid-arguments", message: e.message, issues: [] } }),
        () => req.destroy(),
      );
    }
    if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
      const message = `the request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep; API arguments nest a few`;
      return send(
        res,
        400,
        "application/json",
        JSON.stringify({ error: { code: "invalid-arguments", message, issues: [] } }),
      );
    }
    try {
      const result = await options.service.call(method, body.length === 0 ? {} : JSON.parse(body));
      // A result kept in the workspace comes from the engine as its stored text: sent as it came.
      const text = textOf(result);
      send(
        res,
        200,
        "application/json",
        text === undefined ? JSON.stringify({ result: result ?? null }) : `{"result":${text}}`,
      );
    } catch (e) {
      const error =
        e instanceof SyntaxError
          ? { code: "invalid-arguments" as const, message: `the request body is not JSON: ${e.message}`, issues: [] }
          : toErrorData(e);
      send(res, STATUS[error.code], "application/json", JSON.stringify({ error }));
    }
  }

  /** A dropped file (httpUpload.ts): its answer as the API's, closing the connection on a body left unread. */
  async function upload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const r = await receiveUpload(req, url, options.service, options.maxUploadBytes);
    if (r.status === 200) return send(res, 200, "application/json", JSON.stringify({ result: r.result ?? null }));
    if (r.status === "error") {
      // A file that is no trace or results file Varbench reads is the user's to fix (422), not the server failing.
      const error = toErrorData(r.error);
      const status = error.code === "failed" && isUserError(r.error) ? 422 : STATUS[error.code];
      return send(res, status, "application/json", JSON.stringify({ error }));
    }
    const text = JSON.stringify({ error: { code: "invalid-arguments", message: r.message, issues: [] } });
    if (res.headersSent) return void res.destroy();
    res.writeHead(r.status, {
      "content-type": "application/json",
      "cache-control": "no-store",
      ...(r.close ? { connection: "close" } : {}),
    });
    res.end(text, () => r.close && req.destroy());
  }

  async function serveStatic(res: ServerResponse, pathname: string): Promise<void> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return send(res, 400, "text/plain; charset=utf-8", "refused: the path is not valid percent-encoding");
    }
    let file = resolve(staticDir, "." + decoded);
    if (file !== staticDir && !file.startsWith(staticDir + sep))
      return send(res, 403, "text/plain; charset=utf-8", "refused: outside the renderer");
    const info = await stat(file).catch(() => null);
    if (!info || info.isDirectory()) file = join(staticDir, "index.html"); // the renderer routes by hash
    const body = await readFile(file).catch(() => null);
    if (!body)
      return send(
        res,
        500,
        "text/plain; charset=utf-8",
        `the renderer is not built (${staticDir} has no index.html): run npm run build`,
      );
    const csp = `default-src 'self'; connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "content-security-policy": csp,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });
    res.end(body);
  }

  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  server.on("upgrade", (req, socket, head) => {
    // Nothing a client sends on this path may end the process: every refusal is an answer.
    socket.on("error", () => socket.destroy());
    const refuse = (status: string) => void socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`);
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (url.pathname !== "/api/events") return refuse("404 Not Found");
      if (singleHost(req) === null) return refuse("400 Bad Request");
      if (!hostOk(req) || !originOk(req)) return refuse("403 Forbidden");
      if (!tokenOk(req, url)) return refuse("401 Unauthorized");
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws);
        ws.on("error", () => ws.terminate());
        ws.on("close", () => sockets.delete(ws));
      });
    } catch {
      refuse("400 Bad Request");
    }
  });
  const unsubscribe = EVENT_NAMES.map((event) =>
    options.service.events.on(event, (payload) => {
      const text = JSON.stringify({ event, payload });
      for (const ws of sockets) ws.send(text);
    }),
  );

  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, "127.0.0.1", () => ok());
  });
  port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    openUrl: `${url}?token=${token}`,
    token,
    port,
    close: async () => {
      for (const u of unsubscribe) u();
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  // A failure after the answer began (a client gone mid-way) cannot be answered again: the connection ends.
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7) : null;
}

function cookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        // Stop reading; the caller answers 413 and then closes the connection.
        req.pause();
        fail(new BodyTooLarge(`the request body is over ${MAX_BODY_BYTES} bytes`));
      } else chunks.push(c);
    });
    req.on("end", () => ok(Buffer.concat(chunks).toString("utf8")));
    req.on("error", fail);
  });
}
