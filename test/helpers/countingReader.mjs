// A reader of the reader pool (engine/pool/readerPool.ts) that answers each job
// at the next turn of its event loop, in the order given, with an error that
// names the run and how many jobs it held when the job came: more than one
// shows the pool gave it the next job before it was done (reader.ts's
// READER_DEPTH). Jobs posted together reach it in one turn, before any answer.
import { parentPort } from "node:worker_threads";

let held = 0;
parentPort.on("message", (m) => {
  held++;
  const message = `run ${m.job.runId} held ${held}`;
  setImmediate(() => {
    held--;
    parentPort.postMessage({ id: m.id, error: { message, user: true } });
  });
});
parentPort.postMessage({ ready: true });
