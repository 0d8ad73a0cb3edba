// Feature lines read from a stream: across chunk boundaries, after lines far
// longer than any feature line, without a final newline.
import { it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers/uftrace.js";
import { featureLines } from "../../engine/runner/featureLines.js";

it("reads feature lines wherever the stream cuts them, skips overlong lines, keeps the last value of a name", async () => {
  const file = join(tempDir("features"), "run.err");
  const long = "x".repeat(200_000); // several of the stream's 64 KiB chunks
  writeFileSync(
    file,
    [
      `noise ${long}varbench:feature hidden=1`,
      "varbench:feature a=1.5",
      long,
      "varbench:feature b=-2e3 ",
      "varbench:feature a=3",
      "varbench:feature bad=x",
      "varbench:feature c=.5",
    ].join("\n"),
  );
  assert.deepEqual(await featureLines(file), { a: 3, b: -2000, c: 0.5 });
});
