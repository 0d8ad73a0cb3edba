// engine/errors/errors.ts: every error is of one kind, and who it is for is the kind's, not a list
// of class names. Storage errors are SQLite's own, from a real database file that is not one.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { CommanderError, InvalidArgumentError } from "commander";
import {
  ApiError,
  errorKind,
  isUserError,
  toErrorData,
  wordedError,
  type ErrorKind,
} from "../../engine/errors/errors.js";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { ResultsError } from "../../engine/results/diagnostics.js";
import { SpecError } from "../../engine/campaign/spec.js";
import { ExportRefused } from "../../engine/report/exporter.js";
import { failureMessage } from "../../engine/cli/failure.js";
import { tempDir } from "../helpers/uftrace.js";

/** SQLite's own error for a workspace file that holds text: SQLITE_NOTADB. */
function notADatabase(): Error {
  const path = join(tempDir("errors"), "varbench.sqlite");
  writeFileSync(path, "this is not a database, it is a text file long enough to be read as a header\n".repeat(20));
  const db = new Database(path);
  try {
    db.prepare("SELECT * FROM sqlite_master").all();
  } catch (e) {
    return e as Error;
  } finally {
    db.close();
  }
  throw new Error("SQLite read a text file as a database");
}

/** A statement SQLite refuses (SQLITE_ERROR): an error of SQLite's that is no storage problem. */
function badStatement(): Error {
  const db = new Database(":memory:");
  try {
    db.prepare("SELEC 1");
  } catch (e) {
    return e as Error;
  } finally {
    db.close();
  }
  throw new Error("SQLite took a misspelt statement");
}

describe("error kinds", () => {
  it("gives each error Varbench raises on purpose its kind, and says it as it was raised", () => {
    const cases: [unknown, ErrorKind][] = [
      [new ApiError("not-found", "no run 12"), "request"],
      [new TraceError({ kind: "not-found", file: "/t/trace.json" }), "input"],
      [new ResultsError({ kind: "not-utf8", file: "r.json" }), "input"],
      [new SpecError("spec.yaml", [{ path: "repetitions", line: 3, message: "too big" }]), "input"],
      [new ExportRefused("too large for collapsed stacks"), "refused"],
      [new Error("sbatch is not installed"), "said"],
    ];
    for (const [e, kind] of cases) {
      assert.equal(errorKind(e), kind, String(e));
      assert.equal(isUserError(e), true, String(e));
      assert.equal(wordedError("analyses.vcg", e), e, String(e));
    }
  });

  it("words JavaScript's own errors, other classes and thrown non-errors as bugs, without a stack", () => {
    class Unnamed extends Error {}
    for (const e of [
      new TypeError("x is not a function"),
      new RangeError("Invalid array length"),
      new Unnamed("odd"),
      "boom",
      undefined,
      badStatement(),
    ]) {
      assert.equal(errorKind(e), "bug", String(e));
      assert.equal(isUserError(e), false, String(e));
    }
    const w = wordedError("analyses.vcg", new TypeError("x is not a function"), "nothing in the workspace was changed");
    assert.equal(
      w.message,
      "analyses.vcg stopped on an internal error (TypeError: x is not a function). This is a bug in Varbench; nothing in the workspace was changed.",
    );
    assert.equal(
      wordedError("varbench", "boom").message,
      "varbench stopped on an internal error (boom). This is a bug in Varbench.",
    );
    // Worded once: the worded error is said as it is, and is still known as a bug on this side.
    assert.equal(wordedError("dispatch", w), w);
    assert.equal(errorKind(w), "bug");
    assert.equal(isUserError(w), false);
  });

  it("says the workspace's storage failing as such, with what to do, not as a bug", () => {
    const e = notADatabase();
    assert.equal(e.name, "SqliteError");
    assert.equal(errorKind(e), "storage");
    assert.equal(isUserError(e), false);
    assert.equal(
      wordedError("runs.list", e).message,
      `runs.list stopped: the workspace database (varbench.sqlite) is not an SQLite database: it was overwritten or cut short (${e.message}). Restore it from a backup, or start a new workspace and import its runs.`,
    );
  });

  it("carries an error across the API as its code, message and field issues", () => {
    assert.deepEqual(toErrorData(new ApiError("invalid-arguments", "bad", [{ path: "tauS", message: "Too big" }])), {
      code: "invalid-arguments",
      message: "bad",
      issues: [{ path: "tauS", message: "Too big" }],
    });
    assert.deepEqual(toErrorData(new TraceError({ kind: "not-found", file: "/t/trace.json" })), {
      code: "failed",
      message: "/t/trace.json: no such file or directory",
      issues: [],
    });
    assert.deepEqual(toErrorData(new ExportRefused("too large")), {
      code: "failed",
      message: "too large",
      issues: [{ path: "format", message: "this result does not fit the format" }],
    });
    assert.deepEqual(toErrorData(new Error("said")), { code: "failed", message: "said", issues: [] });
    assert.deepEqual(toErrorData(42), { code: "failed", message: "42", issues: [] });
    const back = ApiError.from(toErrorData(wordedError("x", new TypeError("t"))));
    assert.equal(back.kind, "request");
    assert.equal(back.message, "x stopped on an internal error (TypeError: t). This is a bug in Varbench.");
  });

  it("the command line says a user's error as it is, Commander's in its words, and a bug as a bug", () => {
    assert.equal(
      failureMessage(new TraceError({ kind: "not-found", file: "t.json" })),
      "t.json: no such file or directory",
    );
    assert.equal(
      failureMessage(new ExportRefused("export the flame graph as JSON instead")),
      "export the flame graph as JSON instead",
    );
    assert.equal(
      failureMessage(new InvalidArgumentError("expected a whole number ≥ 0")),
      "expected a whole number ≥ 0",
    );
    assert.equal(
      failureMessage(new CommanderError(1, "commander.unknownOption", "error: unknown option '--x'")),
      "error: unknown option '--x'",
    );
    assert.equal(
      failureMessage(new RangeError("Maximum call stack size exceeded")),
      "varbench stopped on an internal error (RangeError: Maximum call stack size exceeded). This is a bug in Varbench.",
    );
  });
});
