// What a start of the Electron binary is for (electron/launch.ts): the window
// from the desktop menu, a double-clicked AppImage or `varbench start`, the
// command line for every other command of the packaged `varbench`.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { launchOf, userArgs } from "../../electron/launch.js";

describe("the user's arguments", () => {
  it("follow the app when packaged, the app and its script in a checkout", () => {
    assert.deepEqual(userArgs(["/opt/Varbench/varbench", "runs"], false), ["runs"]);
    assert.deepEqual(userArgs(["/x/electron", "electron/dist/main.js", "--workspace=ws"], true), ["--workspace=ws"]);
  });
});

describe("window or command line", () => {
  const window = (workspace: string | null) => ({ kind: "window", workspace });
  const cli = { kind: "cli" };
  it("opens the window with no command", () => {
    assert.deepEqual(launchOf([]), window(null));
    assert.deepEqual(launchOf(["--no-sandbox"]), window(null), "a Chromium switch is no command");
    assert.deepEqual(launchOf(["--workspace=/tmp/ws"]), window("/tmp/ws"), "as varbench start opens it in a checkout");
    assert.deepEqual(launchOf(["-w", "ws"]), window("ws"));
  });

  it("opens the window for start, its --dir the workspace", () => {
    assert.deepEqual(launchOf(["start"]), window(null));
    assert.deepEqual(launchOf(["start", "--dir", "ws"]), window("ws"));
    assert.deepEqual(launchOf(["start", "--dir=ws", "--no-open"]), window("ws"));
    assert.deepEqual(launchOf(["start", "--port", "4000"]), window(null));
  });

  it("runs the command line for every other command, help and browser mode", () => {
    assert.deepEqual(launchOf(["runs"]), cli);
    assert.deepEqual(launchOf(["-w", "ws", "campaign", "show", "1"]), cli);
    assert.deepEqual(launchOf(["--workspace=ws", "cct", "1"]), cli);
    assert.deepEqual(launchOf(["demo", "--dir", "/tmp/demo"]), cli);
    assert.deepEqual(launchOf(["start", "--browser"]), cli);
    assert.deepEqual(launchOf(["--help"]), cli);
    assert.deepEqual(launchOf(["-V"]), cli);
    assert.deepEqual(launchOf(["help", "start"]), cli);
  });
});
