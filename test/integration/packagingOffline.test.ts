// `npm run dist` where electron-builder could not download what it needs (its
// host unknown to DNS, as on a machine without internet): one clear message and
// nothing built, rather than minutes of building that end in ENOTFOUND and a stack trace.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/uftrace.js";

describe("npm run dist without a way to download", () => {
  it("stops before building, says what is missing and what to do", () => {
    const index = join(ROOT, "renderer", "dist", "index.html");
    const before = existsSync(index) ? statSync(index).mtimeMs : null;
    // .invalid is reserved (RFC 2606): no resolver knows it.
    const env = {
      ...process.env,
      ELECTRON_MIRROR: "https://varbench-offline.invalid/electron/",
      VARBENCH_ELECTRON_DIST: "",
    };
    const r = spawnSync(process.execPath, [join(ROOT, "build", "scripts", "dist.mjs"), "--linux", "deb"], {
      cwd: ROOT,
      encoding: "utf8",
      env,
    });
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /must be downloaded from varbench-offline\.invalid, which cannot be reached from here \(ENOTFOUND\)\. Nothing was built\./,
    );
    assert.match(r.stderr, /VARBENCH_ELECTRON_DIST=/);
    assert.doesNotMatch(r.stdout + r.stderr, /^\s+at /m, "no stack trace");
    assert.equal(existsSync(index) ? statSync(index).mtimeMs : null, before, "the renderer was not built again");
  });
});
