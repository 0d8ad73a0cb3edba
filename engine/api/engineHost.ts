// The engine in a worker thread under a heap budget, started again when it
// dies (issue 17 item 2): browser mode's server and Electron's main process
// serve from here, so no request runs on the thread that answers the others,
// and a request that needs more memory than the budget (a trace of a million
// nested calls) ends in a clear error instead of ending Varbench. The new
// worker reopens the workspace the old one had open and requeues the runs the
// old one was running (engineRecovery.ts).
import type { ApiBackend } from "./backend.js";
import { EVENT_NAMES, type MethodName } from "./contract.js";
import { EventHub } from "./eventHub.js";
import type { WorkspaceInfo } from "./types.js";
import { startEngineWorker, type EngineWorker } from "./workerClient.js";
import { engineMemoryMb } from "./engineMemory.js";

export interface EngineHostOptions {
  /** The worker's script (workerEntry built to JS, or a loader of its source in tests). */
  readonly script: URL;
  readonly workspaceDir: string;
  /** The worker's heap budget in MB (engineMemoryMb() by default). */
  readonly memoryMb?: number;
  /** More workerData for the script: `localFiles` (the desktop window may name files on this
   * machine), and the tests' loader takes its entry from it. */
  readonly data?: Readonly<Record<string, unknown>>;
}

export class EngineHost implements ApiBackend {
  readonly events = new EventHub();
  readonly memoryMb: number;
  private engine: Promise<EngineWorker>;
  private dir: string;
  private closed = false;
  /** How many times the engine was started again. */
  restarts = 0;

  private constructor(private readonly options: EngineHostOptions) {
    this.memoryMb = options.memoryMb ?? engineMemoryMb();
    this.dir = options.workspaceDir;
    this.engine = this.spawn(false);
  }

  static async start(options: EngineHostOptions): Promise<EngineHost> {
    const host = new EngineHost(options);
    await host.engine;
    return host;
  }

  /** Every method the engine answers. */
  async methods(): Promise<readonly string[]> {
    return (await this.engine).methods;
  }

  async call(method: string, args: unknown): Promise<unknown> {
    const engine = await this.engine;
    const result = await engine.invoke(method as MethodName, args);
    // The workspace a new engine must reopen.
    if (method === "workspace.open") this.dir = (result as WorkspaceInfo).dir;
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    await (await this.engine.catch(() => null))?.close();
  }

  private spawn(recover: string | false): Promise<EngineWorker> {
    const started = startEngineWorker(
      this.options.script,
      this.dir,
      { ...this.options.data, recover, memoryMb: this.memoryMb },
      { maxOldGenerationSizeMb: this.memoryMb },
    );
    started.then(
      (worker) => {
        for (const event of EVENT_NAMES)
          worker.subscribe(event, (payload) => this.events.emit(event, payload as never));
        void worker.stopped.then((stop) => {
          if (stop.closed || this.closed) return;
          this.restarts++;
          this.engine = this.spawn(stop.reason);
        });
      },
      () => {}, // said to every caller that awaits it
    );
    return started;
  }
}
