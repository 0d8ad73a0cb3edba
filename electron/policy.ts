// The desktop shell's security decisions as pure functions of plain values:
// which URL is the app's own, which navigation, IPC sender and permission to
// allow, and which file an app:// request maps to. main.ts only wires them to
// Electron's events; nothing here imports Electron, so the unit tests run them
// without it (test/unit/electronPolicy.test.ts).
import { isAbsolute, join, relative } from "node:path";

/** The renderer is served from this origin and no other: a standard, secure custom scheme
 * (Electron security checklist item 18: no file:// pages), so CSP, same-origin checks and
 * the IPC sender check all have one real origin to compare against. */
export const APP_SCHEME = "app";
export const APP_HOST = "varbench";
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** The renderer's policy, sent as a header by the app:// handler; renderer/index.html carries a
 * looser <meta> baseline shared with browser mode, and a page obeys both. ECharts sets inline style
 * attributes, hence 'unsafe-inline' for styles only; the window talks to the engine over IPC, so
 * it may connect nowhere. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'; worker-src 'none'; frame-ancestors 'none'";

/** True for URLs of the app's own origin only, compared on the parsed URL (a prefix test
 * would pass app://varbench.evil or app://varbench@evil). */
export function isAppUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return (
    u.protocol === `${APP_SCHEME}:` &&
    u.hostname === APP_HOST &&
    u.port === "" &&
    u.username === "" &&
    u.password === ""
  );
}

/** The one document the window shows. Routes live in the hash, which navigates in place
 * and raises no navigation event, so any other document is refused. */
function isEntryDocument(url: string): boolean {
  return isAppUrl(url) && ["/", "/index.html"].includes(new URL(url).pathname);
}

/** will-navigate, will-redirect, will-frame-navigate: the main frame may (re)load the entry
 * document; nothing else, and no subframe (the app has none), may navigate anywhere. */
export function isNavigationAllowed(url: string, isMainFrame = true): boolean {
  return isMainFrame && isEntryDocument(url);
}

/** An IPC message is answered only when it comes from the main frame of a page of the app's
 * own origin (checklist item 17), never from a file:// page, a subframe or another origin. */
export function isTrustedSender(
  frame: { readonly url: string; readonly isMainFrame: boolean } | null | undefined,
): boolean {
  return frame != null && frame.isMainFrame && isAppUrl(frame.url);
}

/** Permission requests and checks (camera, notifications, clipboard, HID, …): the workbench
 * needs none, so every one is refused whatever the origin (checklist item 5). */
export function isPermissionGranted(_permission: string, _origin?: string): boolean {
  return false;
}

export type AppFile =
  | { readonly ok: true; readonly file: string }
  | { readonly ok: false; readonly status: 400 | 403 | 404; readonly reason: string };

/** The file inside `root` (renderer/dist) that an app:// request names, or why it is refused:
 * another origin, bad percent-encoding, a `.`/`..` segment, a backslash, colon or NUL (Windows
 * separators, drive letters and alternate streams), or anything resolving outside `root`. */
export function appRequestFile(url: string, root: string): AppFile {
  if (!isAppUrl(url)) return { ok: false, status: 403, reason: "not the app's origin" };
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(url).pathname);
  } catch {
    return { ok: false, status: 400, reason: "the path is not valid percent-encoding" };
  }
  const segments = decoded.split("/").filter((s) => s !== "");
  if (segments.some((s) => s === "." || s === ".." || /[\\:\0]/.test(s)))
    return { ok: false, status: 403, reason: "the path leaves the renderer's folder" };
  const file = join(root, ...(segments.length === 0 ? ["index.html"] : segments));
  const inside = relative(root, file);
  if (inside === "" || inside.startsWith("..") || isAbsolute(inside))
    return { ok: false, status: 403, reason: "the path leaves the renderer's folder" };
  return { ok: true, file };
}

const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  woff2: "font/woff2",
  wasm: "application/wasm",
};

/** Headers of every app:// response: its type (with nosniff, so nothing is taken for a script
 * by its content) and the Content-Security-Policy, which a custom scheme can send as a header. */
export function appResponseHeaders(file: string): Record<string, string> {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? "";
  return {
    "content-type": CONTENT_TYPES[ext] ?? "application/octet-stream",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  };
}
