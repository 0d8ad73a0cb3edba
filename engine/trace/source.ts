// What readers read from. Pure interfaces: the host (engine/host) implements
// them over files, tests over memory with chunks as small as they like.

export interface ByteSource {
  /** Shown in every message about this source. */
  readonly name: string;
  /** The bytes in order. A chunk is valid until the next one is requested
   * (sources may reuse their buffers): copy what must outlive that. */
  chunks(): AsyncIterable<Uint8Array>;
  /** Optional, for readers that keep their own buffer (the ingestion kernel's memory): the same
   * bytes read straight into it, without the copy out of a chunk. A source is read either way. */
  openBlocks?(): Promise<BlockReader>;
}

/** A ByteSource read into the caller's buffers. */
export interface BlockReader {
  /** Reads the next bytes into `target` (at most its length); resolves to how many, 0 at the end. */
  read(target: Uint8Array): Promise<number>;
  close(): Promise<void>;
}

export interface TraceDirectory {
  readonly name: string;
  list(): Promise<string[]>;
  has(file: string): Promise<boolean>;
  readText(file: string): Promise<string>;
  open(file: string): ByteSource;
  /** A name for the file's bytes that no other bytes have, in any directory (a stored blob's path, named by
   * its SHA-256), where the file can never change: what a reader may keep of it across traces. */
  contentId?(file: string): string | undefined;
}
