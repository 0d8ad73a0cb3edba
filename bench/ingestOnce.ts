// One ingestion in a process of its own: prints {events, ms, cpuMs, maxRssKb} as JSON.
// ms and cpuMs (user + sys of the process) cover the read alone, not Node's
// start or the loading of the modules, the readers included. Peak memory is VmHWM of this
// process's own address space: getrusage's maxrss would include the parent's
// size at fork (Linux keeps it across exec).
import { readFileSync } from "node:fs";
import { readTraceFile } from "../engine/io/readTrace.js";

// The readers readTraceFile imports on first use, loaded (and transpiled by tsx) before the clock starts.
await Promise.all([
  import("../engine/trace/uftrace/readUftrace.js"),
  import("../engine/trace/chrome/readChromeTrace.js"),
  import("../engine/trace/text/readTextTrace.js"),
]);
const start = performance.now();
const cpu0 = process.cpuUsage();
const { cct } = await readTraceFile(process.argv[2], { covariance: true });
const cpu = process.cpuUsage(cpu0);
const ms = performance.now() - start;
const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
console.log(
  JSON.stringify({
    events: cct.events,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssKb: hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS,
  }),
);
