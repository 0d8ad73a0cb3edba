// One ingestion in a process of its own, so its peak memory is its own:
// prints {events, ms, maxRssKb} as JSON.
import { readTraceFile } from "../engine/host/readTrace.js";

const start = performance.now();
const { cct } = await readTraceFile(process.argv[2], { covariance: true });
const ms = performance.now() - start;
console.log(JSON.stringify({ events: cct.events, ms, maxRssKb: process.resourceUsage().maxRSS }));
