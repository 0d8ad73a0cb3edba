// uftrace recordings the probe found accepted in silence (issue 17 item 9): an
// info header of version 0xffffffff, an info cut to its header, a 5-byte
// perf-cpu file. Each is refused with the file and what is wrong.
import { it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
  const version = copy("version", (d) =>
    writeFileSync(
      join(d, "info"),
      Buffer.concat([info(d).subarray(0, 8), Buffer.from([0xff, 0xff, 0xff, 0xff]), info(d).subarray(12)]),
    ),
  );
  assert.equal(version.status, 1);
  assert.match(version.stderr, /info: at byte 8: file format version 4294967295; uftrace writes versions 3 and 4/);
  const cut = copy("cut", (d) => writeFileSync(join(d, "info"), info(d).subarray(0, 40)));
  assert.equal(cut.status, 1);
  assert.match(cut.stderr, /info: at byte 40: the header is all there is/);
  const perf = copy("perf", (d) => writeFileSync(join(d, "perf-cpu1.dat"), "abcde"));
  assert.equal(perf.status, 1);
  assert.match(perf.stderr, /perf-cpu1\.dat: at byte 0: the file ends inside a perf record header/);
});

it("warns of scheduler events cut at a record's end (a shorter file read as a shorter recording, in silence)", () => {
  buildExamples();
  const trace = record("work_and_wait", []);
  const warning =
    /the scheduler events \(perf-cpu\*\.dat\) end before thread\(s\) \d+ exited: a file was cut short, so their last time off the CPU may be counted as running/;
  const whole = varbench(["cct", trace]);
  assert.equal(whole.status, 0, whole.stderr);
  assert.doesNotMatch(whole.stdout + whole.stderr, warning);
  const dir = join(tempDir("info-sched"), "uftrace.data");
  cpSync(trace, dir, { recursive: true });
  // Each perf-cpu file cut at the start of its first task-exit record (type 4): whole records only.
  let cut = 0;
  for (const f of readdirSync(dir).filter((n) => /^perf-cpu\d+\.dat$/.test(n))) {
    const bytes = readFileSync(join(dir, f));
    for (let pos = 0; pos + 8 <= bytes.length; pos += bytes.readUInt16LE(pos + 6)) {
      if (bytes.readUInt32LE(pos) !== 4) continue;
      writeFileSync(join(dir, f), bytes.subarray(0, pos));
      cut++;
      break;
    }
  }
  assert.ok(cut > 0, "the recording holds a task's exit");
  const r = varbench(["cct", dir]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout + r.stderr, warning);
});
