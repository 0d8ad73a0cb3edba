// A reader of the reader pool (engine/pool/readerPool.ts) that says it has
// started, then sets the flag in workerData.started (an Int32Array on shared
// memory) and wakes whoever waits on it: a test can block until the "started"
// is on its way, and act before the pool hears it. Each job is answered at once
// with empty timelines.
import { parentPort, workerData } from "node:worker_threads";

parentPort.on("message", (m) => parentPort.postMessage({ id: m.id, result: { pcv: null, schedulerEvents: false } }));
parentPort.postMessage({ ready: true });
Atomics.store(workerData.started, 0, 1);
Atomics.notify(workerData.started, 0);
