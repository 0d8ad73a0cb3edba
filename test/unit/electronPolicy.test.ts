// The desktop shell's security decisions (electron/policy.ts) and window
// settings (electron/windowOptions.ts), run without Electron: which URL is the
// app's own, which navigation and IPC sender pass, what an app:// request maps
// to (path traversal refused), and that every permission is refused.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import fc from "fast-check";
import {
  APP_ENTRY,
  CONTENT_SECURITY_POLICY,
  appRequestFile,
  appResponseHeaders,
  isAppUrl,
  isNavigationAllowed,
  isPermissionGranted,
  isTrustedSender,
} from "../../electron/policy.js";
import { windowOptions } from "../../electron/windowOptions.js";

const ROOT = resolve("/opt/Varbench/resources/app.asar/renderer/dist");

describe("the app's own origin", () => {
  it("is app://varbench and nothing that merely starts like it", () => {
    for (const url of [
      APP_ENTRY,
      "app://varbench/",
      "app://varbench/assets/index-1.js",
      "app://varbench/index.html#/runs?x=1",
    ])
      assert.equal(isAppUrl(url), true, url);
    for (const url of [
      "file:///opt/Varbench/resources/app.asar/renderer/dist/index.html",
      "file:///tmp/evil.html",
      "app://varbench.evil/index.html",
      "app://varbench@evil/index.html",
      "app://user:pw@varbench/index.html",
      "app://varbench:8080/index.html",
      "app://other/index.html",
      "https://varbench/index.html",
      "http://127.0.0.1:41234/?token=x",
      "javascript:alert(1)",
      "data:text/html,<script>1</script>",
      "about:blank",
      "not a url",
      "",
    ])
      assert.equal(isAppUrl(url), false, url);
  });
});

describe("navigation", () => {
  it("lets the main frame (re)load the entry document only", () => {
    assert.equal(isNavigationAllowed(APP_ENTRY), true);
    assert.equal(isNavigationAllowed("app://varbench/"), true);
    assert.equal(isNavigationAllowed("app://varbench/index.html#/campaigns/1"), true);
    assert.equal(isNavigationAllowed("app://varbench/assets/index-1.js"), false, "no other document of the app");
    assert.equal(isNavigationAllowed("file:///etc/passwd"), false, "no file:// page, even a local one");
    assert.equal(isNavigationAllowed("https://example.com/"), false);
    assert.equal(isNavigationAllowed("app://varbench.evil/index.html"), false);
  });

  it("lets no subframe navigate, not even to the app", () => {
    assert.equal(isNavigationAllowed(APP_ENTRY, false), false);
    assert.equal(isNavigationAllowed("https://example.com/", false), false);
  });
});

describe("IPC senders", () => {
  it("answers the main frame of an app:// page only", () => {
    assert.equal(isTrustedSender({ url: APP_ENTRY, isMainFrame: true }), true);
    assert.equal(isTrustedSender({ url: "app://varbench/index.html#/runs", isMainFrame: true }), true);
    assert.equal(isTrustedSender({ url: APP_ENTRY, isMainFrame: false }), false, "a subframe");
    assert.equal(
      isTrustedSender({ url: "file:///tmp/report.html", isMainFrame: true }),
      false,
      "any file:// page, such as the PDF page",
    );
    assert.equal(isTrustedSender({ url: "https://example.com/", isMainFrame: true }), false);
    assert.equal(isTrustedSender(null), false, "a frame already gone");
    assert.equal(isTrustedSender(undefined), false);
  });
});

describe("app:// requests", () => {
  it("map to files inside renderer/dist", () => {
    assert.deepEqual(appRequestFile("app://varbench/", ROOT), { ok: true, file: join(ROOT, "index.html") });
    assert.deepEqual(appRequestFile(APP_ENTRY, ROOT), { ok: true, file: join(ROOT, "index.html") });
    assert.deepEqual(appRequestFile("app://varbench/assets/index-S-s_H5fY.js?v=1#x", ROOT), {
      ok: true,
      file: join(ROOT, "assets", "index-S-s_H5fY.js"),
    });
    assert.deepEqual(appRequestFile("app://varbench/assets/a%20b.css", ROOT), {
      ok: true,
      file: join(ROOT, "assets", "a b.css"),
    });
  });

  it("refuse traversal however it is spelled", () => {
    for (const url of [
      "app://varbench/..%2f..%2f..%2fetc%2fpasswd",
      "app://varbench/assets/..%2F..%2F..%2Fmain.js",
      "app://varbench/assets%2f..%2f..%2fpackage.json",
      "app://varbench/..%5c..%5cpackage.json",
      "app://varbench/C:%5cWindows%5cwin.ini",
      "app://varbench/index.html%00.js",
    ]) {
      const r = appRequestFile(url, ROOT);
      assert.equal(r.ok, false, url);
      if (!r.ok) assert.equal(r.status, 403, url);
    }
  });

  it("take dot segments the URL parser resolves as the browser does: never above the root", () => {
    // %2e%2e is a dot segment to the URL standard, removed before the path reaches the handler.
    assert.deepEqual(appRequestFile("app://varbench/%2e%2e/%2e%2e/package.json", ROOT), {
      ok: true,
      file: join(ROOT, "package.json"),
    });
    assert.deepEqual(appRequestFile("app://varbench/assets/../../../main.js", ROOT), {
      ok: true,
      file: join(ROOT, "main.js"),
    });
  });

  it("refuse other origins and bad percent-encoding", () => {
    assert.deepEqual(appRequestFile("app://other/index.html", ROOT), {
      ok: false,
      status: 403,
      reason: "not the app's origin",
    });
    assert.deepEqual(appRequestFile("file:///etc/passwd", ROOT), {
      ok: false,
      status: 403,
      reason: "not the app's origin",
    });
    assert.equal(appRequestFile("app://varbench/%E0%A4%A", ROOT).ok, false);
  });

  it("never resolve outside renderer/dist, for any path", () => {
    const segment = fc.oneof(
      fc.constantFrom("..", ".", "%2e%2e", "%2E%2e", "..%2f", "%2f", "%5c", "assets", "index.html", "a"),
      fc.string({ maxLength: 4 }).map(encodeURIComponent),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
        const r = appRequestFile(`app://varbench/${parts.join("/")}`, ROOT);
        if (r.ok)
          assert.ok(r.file.startsWith(ROOT + "/") && !r.file.slice(ROOT.length).split("/").includes(".."), r.file);
      }),
    );
  });

  it("answer with their type, nosniff and the policy", () => {
    const h = appResponseHeaders(join(ROOT, "assets", "index-1.js"));
    assert.equal(h["content-type"], "text/javascript; charset=utf-8");
    assert.equal(h["x-content-type-options"], "nosniff");
    assert.equal(h["content-security-policy"], CONTENT_SECURITY_POLICY);
    assert.equal(appResponseHeaders(join(ROOT, "index.html"))["content-type"], "text/html; charset=utf-8");
    assert.equal(appResponseHeaders(join(ROOT, "x.unknown"))["content-type"], "application/octet-stream");
  });
});

describe("the Content-Security-Policy", () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v] as const),
  );
  it("runs the app's own scripts only and connects nowhere", () => {
    assert.deepEqual(directives.get("default-src"), ["'self'"]);
    assert.deepEqual(directives.get("script-src"), ["'self'"]);
    assert.deepEqual(directives.get("connect-src"), ["'none'"]);
    assert.deepEqual(directives.get("object-src"), ["'none'"]);
    assert.deepEqual(directives.get("frame-ancestors"), ["'none'"]);
    assert.ok(!CONTENT_SECURITY_POLICY.includes("unsafe-eval"));
    assert.ok(!directives.get("script-src")!.includes("'unsafe-inline'"));
  });
});

describe("permissions", () => {
  it("are all refused, whatever the origin", () => {
    for (const p of [
      "media",
      "notifications",
      "geolocation",
      "clipboard-read",
      "clipboard-sanitized-write",
      "fullscreen",
      "openExternal",
      "hid",
      "serial",
      "usb",
      "fileSystem",
      "unknown",
    ]) {
      assert.equal(isPermissionGranted(p, APP_ENTRY), false, p);
      assert.equal(isPermissionGranted(p, "https://example.com"), false, p);
    }
  });
});

describe("the window's web preferences", () => {
  const prefs = windowOptions("/app/electron/dist/preload.cjs", false).webPreferences!;
  it("isolate and sandbox the renderer and keep every default of the checklist", () => {
    assert.equal(prefs.contextIsolation, true);
    assert.equal(prefs.sandbox, true);
    assert.equal(prefs.nodeIntegration, false);
    assert.equal(prefs.nodeIntegrationInWorker, false);
    assert.equal(prefs.nodeIntegrationInSubFrames, false);
    assert.equal(prefs.webSecurity, true);
    assert.equal(prefs.allowRunningInsecureContent, false);
    assert.equal(prefs.experimentalFeatures, false);
    assert.equal(prefs.webviewTag, false);
    assert.equal(prefs.enableBlinkFeatures, undefined);
    assert.equal(prefs.navigateOnDragDrop, false);
    assert.equal(prefs.devTools, false);
  });
});
