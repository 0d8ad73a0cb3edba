// What readers read from. Pure interfaces: the host (engine/host) implements
// them over files, tests over memory with chunks as small as they like.

export interface ByteSource {
  /** Shown in every message about this source. */
  readonly name: string;
  /** The bytes in order. A chunk is valid until the next one is requested
   * (sources may reuse their buffers): copy what must outlive that. */
  chunks(): AsyncIterable<Uint8Array>;
}

export interface TraceDirectory {
  readonly name: string;
  list(): Promise<string[]>;
  has(file: string): Promise<boolean>;
  readText(file: string): Promise<string>;
  open(file: string): ByteSource;
}
