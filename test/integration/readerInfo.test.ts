// uftrace recordings the probe found accepted in silence (issue 17 item 9): an
// info header of version 0xffffffff, an info cut to its header, a 5-byte
// perf-cpu file. Each is refused with the file and what is wrong.
import { it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { buildExamples, record, tempDir } from "../helpers/uftrace.js";

it("refuses an info of an unknown version, an info cut to its header, and a perf-cpu file cut inside a record", () => {
  buildExamples();
  const trace = record("frame_loop", ["2", "4"]);
  const copy = (what: string, change: (dir: string) => void) => {
    const dir = join(tempDir(`info-${what}`), "uftrace.data");
    cpSync(trace, dir, { recursive: true });
    change(dir);
    return varbench(["cct", dir]);
  };
  const info = (dir: string) => readFileSync(join(dir, "info"));
  const version = copy("version", (d) => writeFileSync(join(d, "info"), Buffer.concat([info(d).subarray(0, 8), Buffer.from([0xff, 0xff, 0xff, 0xff]), info(d).subarray(12)])));
  assert.equal(version.status, 1);
  assert.match(version.stderr, /info: at byte 8: file format version 4294967295; uftrace writes versions 3 and 4/);
  const cut = copy("cut", (d) => writeFileSync(join(d, "info"), info(d).subarray(0, 40)));
  assert.equal(cut.status, 1);
  assert.match(cut.stderr, /info: at byte 40: the header is all there is/);
  const perf = copy("perf", (d) => writeFileSync(join(d, "perf-cpu1.dat"), "abcde"));
  assert.equal(perf.status, 1);
  assert.match(perf.stderr, /perf-cpu1\.dat: at byte 0: the file ends inside a perf record header/);
});
