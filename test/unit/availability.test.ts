// Which profilers the machine can run, and how the launcher and a local
// campaign say what is missing (issue 19): programs found on the PATH as a
// spawn finds them (executable files only), install commands per system family
// from os-release, and a campaign under a missing profiler refused before any
// run, its queue kept for a resume.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { tempDir } from "../helpers/uftrace.js";
import { installHint, onPath, profilerAvailability, systemFamily } from "../../engine/runner/profilers/availability.js";
import { Workspace } from "../../engine/store/workspace.js";
import { createPlannedCampaign } from "../../engine/runner/launch.js";
import { runCampaign } from "../../engine/runner/runCampaign.js";
import { campaignSpecSchema } from "../../engine/campaign/spec.js";
import { getCampaign, runCounts } from "../../engine/store/campaigns.js";

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const ROCKY = 'NAME="Rocky Linux"\nID="rocky"\nID_LIKE="rhel centos fedora"\n';
const ALPINE = 'NAME="Alpine Linux"\nID=alpine\n';

/** A PATH of two folders: uftrace executable in the second; valgrind there but not executable; perf a folder. */
function toolPath(): string {
  const [a, b] = [tempDir("path-a"), tempDir("path-b")];
  writeFileSync(join(b, "uftrace"), "#!/bin/sh\n");
  chmodSync(join(b, "uftrace"), 0o755);
  writeFileSync(join(b, "valgrind"), "#!/bin/sh\n");
  chmodSync(join(b, "valgrind"), 0o644);
  mkdirSync(join(b, "perf"));
  return ["", a, b].join(delimiter);
}

describe("profiler availability", () => {
  it("finds executable files on the PATH only", () => {
    const path = toolPath();
    assert.equal(onPath("uftrace", path), true);
    assert.equal(onPath("valgrind", path), false, "not executable");
    assert.equal(onPath("perf", path), false, "a folder");
    assert.equal(onPath("gcov", path), false);
  });

  it("names the system family from os-release's ID and ID_LIKE", () => {
    assert.equal(systemFamily(DEBIAN), "debian");
    assert.equal(systemFamily(UBUNTU), "ubuntu");
    assert.equal(systemFamily(ROCKY), "fedora");
    assert.equal(systemFamily(ALPINE), null);
    assert.equal(systemFamily(null), null);
  });

  it("says how to install what is missing, by package, on each family", () => {
    assert.equal(installHint(["gcov", "perf"], "debian"), "sudo apt-get install gcc linux-perf");
    assert.equal(installHint(["perf"], "ubuntu"), "sudo apt-get install linux-tools-generic");
    assert.equal(installHint(["valgrind"], "fedora"), "sudo dnf install valgrind");
    assert.match(installHint(["uftrace"], null), /^install uftrace with this system's package manager/);
  });

  it("lists per profiler the programs it lacks; time and the sampler need none", () => {
    const path = toolPath();
    assert.deepEqual(profilerAvailability("uftrace", path, "debian"), { name: "uftrace", missing: [], install: null });
    assert.deepEqual(profilerAvailability("callgrind", path, "debian"), {
      name: "callgrind",
      missing: ["valgrind"],
      install: "sudo apt-get install valgrind",
    });
    assert.deepEqual(profilerAvailability("time", "", "debian").missing, []);
    assert.deepEqual(profilerAvailability("sampler", "", "debian").missing, []);
  });

  it("refuses a local campaign under a missing profiler before any run, keeping its queue", async () => {
    const dir = join(tempDir("nouftrace"), "ws");
    const ws = Workspace.init(dir);
    const spec = campaignSpecSchema.parse({
      project: "p",
      profiler: "uftrace",
      designs: [{ name: "d" }],
      workloads: [{ name: "w", argv: ["true"] }],
      repetitions: 2,
    });
    const { id } = createPlannedCampaign(ws, { spec, specDir: dir, name: "c", source: "test", seed: 1 });
    const path = process.env.PATH;
    process.env.PATH = tempDir("empty-path");
    try {
      await assert.rejects(
        runCampaign(ws, id),
        /^Error: the uftrace profiler needs uftrace, which is not installed here \(not on the PATH\): /,
      );
    } finally {
      process.env.PATH = path;
    }
    assert.deepEqual(runCounts(ws.db, id), { queued: 2 });
    assert.equal(getCampaign(ws.db, id)?.runnerPid, null, "no runner took it");
    ws.close();
  });
});
