// Seeded fuzz suites of the readers (issue 17), each run in a worker thread
// that the test watches. A reader that loops or backtracks without end blocks
// its own thread, so no timer beside it could fire: from here a worker silent
// for HANG_MS is a hang, it is stopped, and the test names the case it was on.
// Its heap is capped and the process's size checked after every case, so a
// length field believed (gigabytes allocated) fails the case that did it.
// Nothing here measures speed: the time limit is a hang detector only.
//
// A test file calls fuzzSuite at its top level (never inside describe): the
// worker loads the same file again and runs the suite named in its workerData,
// so the file must register nothing else with node:test.
import { it } from "node:test";
import assert from "node:assert/strict";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { seededRandom } from "../../engine/stats/random.js";

export interface FuzzCase {
  /** What the input is and what was done to it, shown when the case fails. */
  readonly label: string;
  /** Reads the input and checks what was read; a reader's refusal rejects. */
  run(): Promise<void>;
}

export interface FuzzSuite {
  readonly title: string;
  readonly seed: number;
  readonly cases: number;
  /** import.meta.url of the test file that calls fuzzSuite: the worker loads it again. */
  readonly module: string;
  /** The error a bad input may end in (TraceError, ResultsError); any other fails the case. */
  readonly refusal: (e: unknown) => boolean;
  /** Case `index`, from a generator of its own, so a case can be rerun alone (FUZZ_CASE=index). */
  make(random: () => number, index: number): FuzzCase;
}

/** A case takes milliseconds; this long without a word from the worker, even on a loaded machine, is a hang. */
const HANG_MS = 30_000;
/** The inputs are kilobytes: a worker past these has believed a length or count it read. */
const HEAP_LIMIT_MB = 512;
const RSS_LIMIT_BYTES = 2 * 2 ** 30;
/** Failures listed in the message; the rest are counted. */
const LISTED = 5;

type Message =
  | { readonly kind: "case"; readonly index: number; readonly label: string }
  | { readonly kind: "bad"; readonly index: number; readonly label: string; readonly error: string }
  | { readonly kind: "done"; readonly read: number; readonly refused: number };

export function fuzzSuite(suite: FuzzSuite): void {
  if (!isMainThread) {
    if ((workerData as { fuzz?: string } | null)?.fuzz === suite.title) void runCases(suite);
    return;
  }
  it(`${suite.title} (seed ${suite.seed}, ${suite.cases} cases)`, async (t) => {
    const { bad, read, refused } = await watch(suite);
    const listed = bad.slice(0, LISTED).join("\n\n");
    const more = bad.length > LISTED ? `\n\n… and ${bad.length - LISTED} more` : "";
    const rerun = `rerun one case alone: FUZZ_CASE=<index> node --import tsx --test ${new URL(suite.module).pathname}`;
    if (bad.length > 0) assert.fail(`${suite.title}, seed ${suite.seed}:\n${listed}${more}\n${rerun}`);
    t.diagnostic(`${read} read, ${refused} refused`);
    // Both outcomes, or the damage never reaches past the first check (or never stops a read).
    if (process.env.FUZZ_CASE === undefined)
      assert.ok(
        read > 0 && refused > 0,
        `seed ${suite.seed}: ${read} read and ${refused} refused: the cases do not exercise the reader`,
      );
  });
}

/** In the test's thread: runs the suite in a worker, stopping it on a hang or a death. */
function watch(suite: FuzzSuite): Promise<{ bad: string[]; read: number; refused: number }> {
  const worker = new Worker(new URL("./tsxWorker.mjs", import.meta.url), {
    workerData: { entry: suite.module, fuzz: suite.title },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
  });
  const bad: string[] = [];
  let last = "before the first case";
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const end = (read: number, refused: number, why?: string) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      if (why) bad.push(why);
      void worker.terminate();
      resolve({ bad, read, refused });
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => end(0, 0, `${last}: no word for ${HANG_MS / 1000} s: a hang`), HANG_MS);
    };
    arm();
    worker.on("message", (m: Message) => {
      arm();
      if (m.kind === "case") last = `case ${m.index} (${m.label})`;
      else if (m.kind === "bad") bad.push(`case ${m.index} (${m.label}):\n${m.error}`);
      else end(m.read, m.refused);
    });
    worker.on("error", (e) => end(0, 0, `${last}: the worker died: ${e.stack ?? String(e)}`));
    worker.on("exit", (code) => end(0, 0, `${last}: the worker exited (code ${code})`));
  });
}

/** In the worker: every case (or FUZZ_CASE alone), each reported before it runs. */
async function runCases(suite: FuzzSuite): Promise<void> {
  const port = parentPort!;
  const only = process.env.FUZZ_CASE === undefined ? null : Number(process.env.FUZZ_CASE);
  let read = 0;
  let refused = 0;
  for (let index = 0; index < suite.cases; index++) {
    if (only !== null && index !== only) continue;
    const c = suite.make(seededRandom(Math.imul(suite.seed, 0x9e3779b1) + index), index);
    port.postMessage({ kind: "case", index, label: c.label } satisfies Message);
    try {
      await c.run();
      read++;
    } catch (e) {
      if (suite.refusal(e)) refused++;
      else
        port.postMessage({
          kind: "bad",
          index,
          label: c.label,
          error: e instanceof Error ? (e.stack ?? e.message) : String(e),
        } satisfies Message);
    }
    const rss = process.memoryUsage.rss();
    if (rss > RSS_LIMIT_BYTES) {
      port.postMessage({
        kind: "bad",
        index,
        label: c.label,
        error: `the process grew to ${Math.round(rss / 2 ** 20)} MiB`,
      } satisfies Message);
      break;
    }
  }
  port.postMessage({ kind: "done", read, refused } satisfies Message);
}
