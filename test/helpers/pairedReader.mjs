// A reader of the reader pool (engine/pool/readerPool.ts) that answers its first
// job only once it holds a second, as a pool that gives a reader the next job
// before it is done must (reader.ts's READER_DEPTH); then every job at once.
// Each answer tells its job by schedulerEvents (true for an even run id), so
// the order of the answers shows.
import { parentPort } from "node:worker_threads";

const held = [];
let paired = false;
const answer = (m) =>
  parentPort.postMessage({ id: m.id, result: { pcv: null, schedulerEvents: m.job.runId % 2 === 0 } });

parentPort.on("message", (m) => {
  held.push(m);
  if (!paired && held.length < 2) return;
  paired = true;
  for (const h of held.splice(0)) answer(h);
});
parentPort.postMessage({ ready: true });
