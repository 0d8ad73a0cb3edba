// Electron's side of the shell's security decisions (electron/policy.ts):
// the app:// scheme that serves renderer/dist, the app-wide guard on every
// web contents (navigation, redirects, frames, new windows, webviews), and
// the permission handlers of every session. Each item is listed against
// Electron's security checklist in README.md ("Desktop app: security and packaging").
import { app, protocol, type Session, type WebContents } from "electron";
import { readFile } from "node:fs/promises";
import { APP_SCHEME, appRequestFile, appResponseHeaders, isNavigationAllowed, isPermissionGranted } from "./policy.js";

/** Before `ready`: app:// is standard (relative URLs, an origin for CSP 'self') and secure, and
 * answers fetches of its own pages; it neither bypasses CSP nor is readable cross-origin
 * (no `bypassCSP`, no `corsEnabled`). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the files of `root` (renderer/dist), GET only, each with the CSP header. */
export function serveRenderer(root: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const text = (status: number, body: string) =>
      new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
    if (request.method !== "GET" && request.method !== "HEAD") return text(405, "refused: only GET");
    const target = appRequestFile(request.url, root);
    if (!target.ok) return text(target.status, `refused: ${target.reason}`);
    const body = await readFile(target.file).catch(() => null);
    return body === null
      ? text(404, "not found")
      : new Response(new Uint8Array(body), { status: 200, headers: appResponseHeaders(target.file) });
  });
}

/** Every web contents the app ever creates (the window, the hidden PDF page, anything a page
 * might try to make): no new windows, no webviews, no navigation, redirect or frame navigation
 * away from the app's entry document. Navigations the main process starts (loadURL, reload)
 * raise none of these events. */
export function guardWebContents(): void {
  const guard = (contents: WebContents) => {
    contents.setWindowOpenHandler(() => ({ action: "deny" }));
    contents.on("will-attach-webview", (e) => e.preventDefault());
    contents.on("will-navigate", (e) => {
      if (!isNavigationAllowed(e.url, e.isMainFrame)) e.preventDefault();
    });
    contents.on("will-frame-navigate", (e) => {
      if (!isNavigationAllowed(e.url, e.isMainFrame)) e.preventDefault();
    });
    contents.on("will-redirect", (e) => {
      if (!isNavigationAllowed(e.url, e.isMainFrame)) e.preventDefault();
    });
  };
  app.on("web-contents-created", (_e, contents) => guard(contents));
}

/** Every permission request and check, and every device, refused in this session. */
export function refusePermissions(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl)),
  );
  ses.setPermissionCheckHandler((_contents, permission, origin) => isPermissionGranted(permission, origin));
  ses.setDevicePermissionHandler(() => false);
}

/** The default session and any session created later. */
export function refuseAllPermissions(defaultSession: Session): void {
  refusePermissions(defaultSession);
  app.on("session-created", refusePermissions);
}
