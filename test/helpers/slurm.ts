// A real single-node Slurm for the tests: munged, slurmctld and slurmd of the
// Debian packages, started with a generated key and slurm.conf in a temporary
// folder (their own ports and sockets, nothing of the machine's touched), and
// stopped after. No accounting database: sacct says it is disabled, which is
// the case the executor must handle from its per-run files.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import { tempDir } from "./uftrace.js";

export interface SlurmCluster {
  readonly conf: string;
  readonly node: string;
  /** The environment Slurm's commands need to find this cluster. */
  readonly env: Record<string, string>;
  stop(): void;
}

/** How long the daemons may take to report the node idle (a readiness wait, not a measure). */
const READY_WAIT_MS = 60_000;
const DAEMONS = ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel"];

/** Starts the cluster, or says why it cannot start here (the test is then skipped with that reason). */
export async function startSlurm(): Promise<SlurmCluster | { skip: string }> {
  const missing = DAEMONS.filter(
    (d) => spawnSync("sh", ["-c", `command -v ${d} || test -x /usr/sbin/${d}`]).status !== 0,
  );
  if (missing.length)
    return {
      skip: `Slurm is not installed (${missing.join(", ")} missing; build/scripts/install-system-deps.sh installs slurm-wlm and munge)`,
    };
  if (process.getuid?.() !== 0)
    return { skip: "the test's single-node Slurm runs its daemons as root, and this is not root" };
  const dir = tempDir("slurm");
  for (const sub of ["state", "spool", "log", "munge"]) mkdirSync(join(dir, sub), { recursive: true });
  chmodSync(join(dir, "munge"), 0o700);
  const key = join(dir, "munge", "munge.key");
  writeFileSync(key, randomBytes(1024), { mode: 0o400 });
  const socket = join(dir, "munge", "munge.sock");
  const sbin = (name: string) => (existsSync(`/usr/sbin/${name}`) ? `/usr/sbin/${name}` : name);
  try {
    execFileSync(
      sbin("munged"),
      [
        "--force",
        `--key-file=${key}`,
        `--socket=${socket}`,
        `--pid-file=${join(dir, "munge", "munged.pid")}`,
        `--log-file=${join(dir, "log", "munged.log")}`,
        `--seed-file=${join(dir, "munge", "seed")}`,
      ],
      { stdio: "pipe" },
    );
  } catch (e) {
    return {
      skip: `munged did not start: ${String((e as { stderr?: Buffer }).stderr ?? (e as Error).message).trim()}`,
    };
  }
  const node = hostname().split(".")[0];
  const [ctldPort, dPort] = [await freePort(), await freePort()];
  const conf = join(dir, "slurm.conf");
  writeFileSync(
    conf,
    [
      "ClusterName=varbench-test",
      `SlurmctldHost=${node}(127.0.0.1)`,
      "SlurmUser=root",
      "SlurmdUser=root",
      "AuthType=auth/munge",
      "CredType=cred/munge",
      `AuthInfo=socket=${socket}`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${dPort}`,
      `StateSaveLocation=${join(dir, "state")}`,
      `SlurmdSpoolDir=${join(dir, "spool")}`,
      `SlurmctldPidFile=${join(dir, "slurmctld.pid")}`,
      `SlurmdPidFile=${join(dir, "slurmd.pid")}`,
      `SlurmctldLogFile=${join(dir, "log", "slurmctld.log")}`,
      `SlurmdLogFile=${join(dir, "log", "slurmd.log")}`,
      // No cgroups in a container: processes tracked through /proc, no task binding.
      "ProctrackType=proctrack/linuxproc",
      "TaskPlugin=task/none",
      "SchedulerType=sched/builtin",
      "SelectType=select/cons_tres",
      "SelectTypeParameters=CR_CPU",
      "ReturnToService=2",
      "MpiDefault=none",
      "JobAcctGatherType=jobacct_gather/none",
      "AccountingStorageType=accounting_storage/none",
      "JobCompType=jobcomp/none",
      // Finished jobs stay visible to scontrol for five minutes; time limits enforced within seconds of their end.
      "MinJobAge=300",
      "KillWait=2",
      "OverTimeLimit=0",
      "InactiveLimit=0",
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN`,
      `PartitionName=debug Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
      "",
    ].join("\n"),
  );
  const env = { SLURM_CONF: conf };
  const stop = () => {
    for (const pidFile of ["slurmd.pid", "slurmctld.pid", join("munge", "munged.pid")]) {
      const file = join(dir, pidFile);
      if (!existsSync(file)) continue;
      try {
        process.kill(Number(readFileSync(file, "utf8").trim()), "SIGTERM");
      } catch {
        // already gone
      }
    }
  };
  try {
    execFileSync(sbin("slurmctld"), ["-f", conf], { stdio: "pipe", env: { ...process.env, ...env } });
    execFileSync(sbin("slurmd"), ["-f", conf], { stdio: "pipe", env: { ...process.env, ...env } });
  } catch (e) {
    stop();
    return {
      skip: `Slurm's daemons did not start: ${String((e as { stderr?: Buffer }).stderr ?? (e as Error).message).trim()}`,
    };
  }
  const deadline = Date.now() + READY_WAIT_MS;
  for (;;) {
    const state = spawnSync("sinfo", ["-h", "-n", node, "-o", "%t"], {
      encoding: "utf8",
      env: { ...process.env, ...env },
    }).stdout.trim();
    if (state === "idle") break;
    if (Date.now() > deadline) {
      const log = readFileSync(join(dir, "log", "slurmctld.log"), "utf8")
        .split("\n")
        .slice(-5)
        .join(" | ");
      stop();
      return { skip: `Slurm's node never became idle (state "${state}"): ${log}` };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { conf, node, env, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
