// One ingestion in a process of its own: prints {events, ms, maxRssKb} as JSON.
// Peak memory is VmHWM of this process's own address space: getrusage's
// maxrss would include the parent's size at fork (Linux keeps it across exec).
import { readFileSync } from "node:fs";
import { readTraceFile } from "../engine/io/readTrace.js";

const start = performance.now();
const { cct } = await readTraceFile(process.argv[2], { covariance: true });
const ms = performance.now() - start;
const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
console.log(
  JSON.stringify({ events: cct.events, ms, maxRssKb: hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS }),
);
