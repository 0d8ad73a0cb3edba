// A reader of the reader pool (readerPool.ts): takes jobs, reads each run's
// trace (runTimelines.ts) and answers with what it made, or with the error in
// words and whose it is (a damaged trace is the user's, anything else a bug).
// It holds no workspace and shares nothing: every job names its files.
import { parentPort } from "node:worker_threads";
import { isUserError } from "../errors/errors.js";
import { readRunTimelines } from "./runTimelines.js";
import type { ReaderReply, ReaderRequest } from "./readerProtocol.js";

const port = parentPort!;
/** The jobs given so far, each read once the one before is answered (reader.ts's READER_DEPTH gives the
 * next before): read one at a time, answered in their order. answer() never rejects. */
let answered: Promise<void> = Promise.resolve();

port.on("message", (m: ReaderRequest) => {
  answered = answered.then(() => answer(m));
});

/** One job read and answered: with its timelines, or with why not. Every job gets one answer, in its turn
 * (the pool matches answers to jobs by their order): one whose timelines cannot be sent is answered with
 * that error. */
async function answer(m: ReaderRequest): Promise<void> {
  try {
    const result = await readRunTimelines(m.job);
    // The columns are the reader's own (pcv.ts makes them): moved to the pool, not copied.
    const buffers = new Set<ArrayBuffer>(
      result.pcv?.threads.flatMap((t) => [t.features.buffer as ArrayBuffer, t.busy.buffer as ArrayBuffer]) ?? [],
    );
    port.postMessage({ id: m.id, result } satisfies ReaderReply, [...buffers]);
  } catch (e) {
    port.postMessage({
      id: m.id,
      error: { message: e instanceof Error ? e.message : String(e), user: isUserError(e) },
    } satisfies ReaderReply);
  }
}
// Jobs are given to a reader once it has started: until then the engine's own thread reads them.
port.postMessage({ ready: true } satisfies ReaderReply);
