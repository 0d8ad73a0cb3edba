// Reads any supported trace from disk into a CCT: the host side of format
// detection (it peeks at the first bytes) and the one entry point the CLI,
// the store and the runner use.
import { open } from "node:fs/promises";
import { CctBuilder } from "../cct/cctBuilder.js";
import type { TraceSink } from "../trace/sink.js";
import type { Cct, CctOptions } from "../cct/cct.js";
import { TraceError } from "../trace/diagnostics.js";
import { detectFormat, type TraceFormat } from "../trace/detect.js";
import { readUftrace } from "../trace/uftrace/readUftrace.js";
import { readChromeTrace } from "../trace/chrome/readChromeTrace.js";
import { readTextTrace } from "../trace/text/readTextTrace.js";
import { DEFAULT_CHUNK_BYTES, directorySource, fileSource, isDirectory } from "./fileSource.js";

export interface ReadTraceOptions extends CctOptions {
  readonly format?: TraceFormat;
  readonly chunkBytes?: number;
  /** uftrace: leave the time threads spent off the CPU out (see UftraceReadOptions). */
  readonly excludeOffCpu?: boolean;
}

export async function readTraceFile(path: string, options: ReadTraceOptions = {}): Promise<{ cct: Cct; format: TraceFormat }> {
  const sink = new CctBuilder(options);
  const format = await readTraceInto(path, sink, options);
  return { cct: sink.finish(), format };
}

/** Streams any supported trace into a sink (a CCT builder, or one with a watcher for a second pass). */
export async function readTraceInto(path: string, sink: TraceSink, options: Omit<ReadTraceOptions, keyof CctOptions> = {}): Promise<TraceFormat> {
  const dir = await isDirectory(path);
  const format = options.format ?? detectFormat(path, dir, dir ? new Uint8Array() : await peek(path));
  const chunk = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (format === "uftrace") await readUftrace(directorySource(path, chunk), sink, { excludeOffCpu: options.excludeOffCpu });
  else if (format === "chrome") await readChromeTrace(fileSource(path, chunk), sink);
  else await readTextTrace(fileSource(path, chunk), sink);
  return format;
}

async function peek(path: string): Promise<Uint8Array> {
  const handle = await open(path, "r").catch((e: NodeJS.ErrnoException) => {
    throw e.code === "ENOENT" ? new TraceError({ kind: "not-found", file: path }) : e;
  });
  try {
    const buf = new Uint8Array(256);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
