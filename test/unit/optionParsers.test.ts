// engine/cli/optionParsers.ts: what the command line makes of an option's text, on hand-worked
// cases: numbers as people write them and what Number() would wrongly take, the bounds of a
// confidence and a port, two designs as A,B, and --json with --csv.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { InvalidArgumentError } from "commander";
import {
  choice,
  confidenceLevel,
  decimal,
  designPair,
  outputFormat,
  percent,
  port,
  wholeNumber,
} from "../../engine/cli/optionParsers.js";

/** `parse` refuses `text` with commander's error, worded `message`. */
function refuses(parse: (v: string) => unknown, text: string, message: string): void {
  assert.throws(
    () => parse(text),
    (e: unknown) => e instanceof InvalidArgumentError && e.message === message,
    `${JSON.stringify(text)} was taken`,
  );
}

describe("numbers as people write them", () => {
  it("takes whole numbers in decimal digits only", () => {
    assert.equal(wholeNumber("0"), 0);
    assert.equal(wholeNumber("12"), 12);
    assert.equal(wholeNumber("007"), 7);
    // Number() takes every one of these: "" is 0, "0x10" is 16, "1e3" is 1000, " 2 " is 2.
    for (const bad of ["", "0x10", "1e3", " 2 ", "-1", "+1", "1.5", "1,000", "abc", "9007199254740993"])
      refuses(wholeNumber, bad, "expected a whole number ≥ 0");
  });

  it("takes decimals with or without a leading digit, never a sign or an exponent", () => {
    assert.equal(decimal("0.95"), 0.95);
    assert.equal(decimal(".5"), 0.5);
    assert.equal(decimal("3"), 3);
    assert.equal(decimal("3."), 3);
    for (const bad of ["", ".", "-0.1", "1e-3", "0,5", "NaN", "Infinity"])
      refuses(decimal, bad, "expected a decimal number ≥ 0, e.g. 0.95");
  });

  it("takes a confidence from 0.8 to 0.999, both ends included", () => {
    assert.equal(confidenceLevel("0.8"), 0.8);
    assert.equal(confidenceLevel("0.95"), 0.95);
    assert.equal(confidenceLevel("0.999"), 0.999);
    for (const bad of ["0.79", "0.5", "0.9995", "1", "95", "-0.9", "", "0.9x"])
      refuses(confidenceLevel, bad, "expected a confidence between 0.8 and 0.999, e.g. 0.95");
  });

  it("takes a percentage with or without its sign, as a share", () => {
    assert.equal(percent("2"), 0.02);
    assert.equal(percent("2%"), 0.02);
    assert.equal(percent("0.5%"), 0.005);
    assert.equal(percent("0"), 0);
    for (const bad of ["%", "2%%", "-2", "two", "2 %"])
      refuses(percent, bad, "expected a percentage ≥ 0, e.g. 2 or 2%");
  });

  it("takes a port from 0 (any free one) to 65535", () => {
    assert.equal(port("0"), 0);
    assert.equal(port("8080"), 8080);
    assert.equal(port("65535"), 65535);
    for (const bad of ["65536", "-1", "", "80.5", "http"])
      refuses(port, bad, "expected a port between 1 and 65535, or 0 for any free port");
  });

  it("takes one of the names given, as written", () => {
    const source = choice(["auto", "uftrace", "sampler"] as const);
    assert.equal(source("uftrace"), "uftrace");
    for (const bad of ["Uftrace", "", "auto,uftrace", " auto"])
      refuses(source, bad, "expected one of auto, uftrace, sampler");
  });
});

describe("--designs A,B", () => {
  it("gives the two designs in order, spaces around each left out", () => {
    assert.deepEqual(designPair("merge,insertion"), ["merge", "insertion"]);
    assert.deepEqual(designPair(" blocks-60 , blocks-120 "), ["blocks-60", "blocks-120"]);
    // A design's name may hold what is not a comma: colons, dots, spaces inside.
    assert.deepEqual(designPair("gcc -O2,clang:17"), ["gcc -O2", "clang:17"]);
  });

  it("refuses one design, an empty one or three, quoting what was given", () => {
    for (const bad of ["merge", "merge,", ",merge", "", "a,b,c", " , "]) {
      assert.throws(
        () => designPair(bad),
        (e: Error) => e.message === `--designs: name two designs, A,B (got ${JSON.stringify(bad)})`,
        bad,
      );
    }
  });

  it("refuses a design compared with itself, which would show only its runs' noise", () => {
    assert.throws(
      () => designPair("merge,merge"),
      /^Error: --designs: name two different designs \(got "merge,merge"\)$/,
    );
    assert.throws(() => designPair("merge, merge"), /two different designs/);
    // Names differ by case: two designs.
    assert.deepEqual(designPair("Merge,merge"), ["Merge", "merge"]);
  });
});

describe("--json and --csv", () => {
  it("chooses JSON, CSV or text, and refuses both at once", () => {
    assert.equal(outputFormat({ json: false, csv: false }), "text");
    assert.equal(outputFormat({ json: true, csv: false }), "json");
    assert.equal(outputFormat({ json: false, csv: true }), "csv");
    // A command without --csv.
    assert.equal(outputFormat({ json: true }), "json");
    assert.equal(outputFormat({ json: false }), "text");
    assert.throws(() => outputFormat({ json: true, csv: true }), /^Error: --json and --csv: choose one$/);
  });
});
