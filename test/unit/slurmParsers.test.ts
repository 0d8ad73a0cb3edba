// What Slurm 22.05's commands print, as this machine's single-node Slurm
// printed it (test/helpers/slurm.ts), read back; and what is handed to sbatch.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseSacct, parseScontrolJobs, parseSqueue } from "../../engine/runner/slurm/slurmCommands.js";
import { batchScript, runList, sbatchArgs } from "../../engine/runner/slurm/batchScript.js";

describe("Slurm's answers", () => {
  it("reads squeue -r: one line per array task, state, node and reason", () => {
    const text = "7|0|RUNNING|vm|None\n7|1|PENDING||Resources\n8|3|PENDING||Priority\n";
    assert.deepEqual(parseSqueue(text), [
      { jobId: "7", task: 0, state: "RUNNING", node: "vm", reason: "None" },
      { jobId: "7", task: 1, state: "PENDING", node: "", reason: "Resources" },
      { jobId: "8", task: 3, state: "PENDING", node: "", reason: "Priority" },
    ]);
    // A job that is not an array (%K is N/A) and blank lines are not tasks.
    assert.deepEqual(parseSqueue("9|N/A|RUNNING|vm|None\n\n"), []);
  });

  it("reads scontrol show job -o: each task's final state and node while Slurm remembers it", () => {
    const text = [
      "JobId=3 ArrayJobId=1 ArrayTaskId=1 JobName=wrap UserId=root(0) JobState=FAILED Reason=NonZeroExitCode ExitCode=3:0 NodeList=vm BatchHost=vm StdOut=/dev/null",
      "JobId=2 ArrayJobId=1 ArrayTaskId=0 JobName=wrap UserId=root(0) JobState=TIMEOUT Reason=TimeLimit ExitCode=0:15 NodeList=vm BatchHost=vm",
    ].join("\n");
    assert.deepEqual(parseScontrolJobs(text), [
      { task: 1, state: "FAILED", node: "vm", jobId: "3" },
      { task: 0, state: "TIMEOUT", node: "vm", jobId: "2" },
    ]);
  });

  it("reads sacct -P: the state's first word", () => {
    assert.deepEqual(parseSacct("12_0|COMPLETED|n1\n12_1|CANCELLED by 0|n2\n12|RUNNING|n1\n"), [
      { task: 0, state: "COMPLETED", node: "n1", jobId: "12_0" },
      { task: 1, state: "CANCELLED", node: "n2", jobId: "12_1" },
    ]);
  });
});

describe("what sbatch is given", () => {
  const batch = {
    dir: "/shared/campaign-3/array-0",
    runIds: [11, 12, 15],
    varbench: ["/usr/bin/node", "/opt/it's/varbench.js"],
    sharedDir: "/shared",
    jobName: "varbench-c3",
  };

  it("asks for one task per run, the spec's resources, no requeue, and the user's options last", () => {
    const args = sbatchArgs(batch, {
      partition: "quiet",
      account: "perf",
      timeLimitMinutes: 7,
      cpusPerRun: 2,
      exclusive: true,
      sbatchOptions: ["--qos=low"],
    });
    assert.deepEqual(args, [
      "--parsable",
      "--job-name=varbench-c3",
      "--array=0-2",
      "--output=/shared/campaign-3/array-0/slurm-%A_%a.out",
      "--time=7",
      "--cpus-per-task=2",
      "--no-requeue",
      "--partition=quiet",
      "--account=perf",
      "--exclusive",
      "--qos=low",
      "/shared/campaign-3/array-0/batch.sh",
    ]);
  });

  it("writes a script whose task i runs line i + 1 of the run list, quoting paths", () => {
    assert.equal(runList(batch.runIds), "11\n12\n15\n");
    const script = batchScript(batch);
    assert.match(script, /^#!\/bin\/sh\n/);
    assert.match(
      script,
      /run=\$\(sed -n "\$\(\(SLURM_ARRAY_TASK_ID \+ 1\)\)p" '\/shared\/campaign-3\/array-0\/runs\.txt'\)/,
    );
    assert.match(script, /exec '\/usr\/bin\/node' '\/opt\/it'\\''s\/varbench\.js' run-one '\/shared' "\$run"/);
  });
});
