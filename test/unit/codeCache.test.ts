// Which command's cached data a command line uses, and where it is kept (engine/cli/codeCache.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { cacheDirs, commandOf } from "../../engine/io/codeCache.js";

describe("the command line's code cache, by command", () => {
  it("is named for the command the arguments give, past the workspace option and its value", () => {
    assert.equal(commandOf(["cct", "trace.json", "--limit", "3"]), "cct");
    assert.equal(commandOf(["-w", "ws", "vcg", "run"]), "vcg");
    assert.equal(commandOf(["--workspace", "campaign", "compare", "c"]), "compare");
    assert.equal(commandOf(["--workspace=ws", "history", "p"]), "history");
    assert.equal(commandOf(["execution-patterns", "c"]), "execution-patterns");
  });

  it("names --help and --version none, and a word no command could be other", () => {
    assert.equal(commandOf([]), "none");
    assert.equal(commandOf(["--help"]), "none");
    assert.equal(commandOf(["-V"]), "none");
    assert.equal(commandOf(["/tmp/trace.json"]), "other");
    assert.equal(commandOf(["Cct"]), "other");
    assert.equal(commandOf(["../x"]), "other");
  });

  it("is kept beside the bundle, else in the user's cache folder, or where VARBENCH_CODE_CACHE says", () => {
    assert.deepEqual(cacheDirs("/opt/vb/dist/cli/cli.cjs", { XDG_CACHE_HOME: "/home/u/.c" }), [
      "/opt/vb/dist/cli/v8-cache",
      join("/home/u/.c", "varbench", "v8-cache"),
    ]);
    assert.deepEqual(cacheDirs("/opt/vb/dist/cli/cli.cjs", { VARBENCH_CODE_CACHE: "/tmp/c" }), ["/tmp/c"]);
    assert.deepEqual(cacheDirs("/opt/vb/dist/cli/cli.cjs", { VARBENCH_CODE_CACHE: "off" }), []);
  });
});
