// Reads any supported trace into a sink: the one switch from a format to its
// reader, for traces named by path (the command line, imports, the runner)
// and for stored ones (ingest/runTrace.ts hands in the artifact's files).
import { openRegular } from "./openRegular.js";
import { CctBuilder } from "../cct/cctBuilder.js";
import type { TraceSink } from "../trace/sink.js";
import type { ByteSource, TraceDirectory } from "../trace/source.js";
import type { Cct, CctOptions } from "../cct/cct.js";
import { DETECT_BYTES, detectFileFormat, detectFormat, type FileFormat, type TraceFormat } from "../trace/detect.js";
import { DEFAULT_CHUNK_BYTES, directorySource, fileSource, isDirectory, type OnBytes } from "./fileSource.js";

/** How a trace is read, whatever its format. */
export interface ReadOptions {
  /** uftrace: leave the time threads spent off the CPU out (see UftraceReadOptions). */
  readonly excludeOffCpu?: boolean;
  /** Called with the bytes read so far, for progress. */
  readonly onBytes?: OnBytes;
}

export interface ReadTraceOptions extends CctOptions, ReadOptions {
  readonly format?: TraceFormat;
  readonly chunkBytes?: number;
}

/** A trace's bytes: a uftrace data directory, or the one file of the other formats. */
export type TraceInput =
  | { readonly format: "uftrace"; readonly dir: TraceDirectory }
  | { readonly format: "chrome" | "text"; readonly file: ByteSource };

/** The one switch from a format to its reader, each imported when a trace of its format is first read. */
export async function readInput(input: TraceInput, sink: TraceSink, options: ReadOptions = {}): Promise<void> {
  if (input.format === "uftrace") {
    const { readUftrace } = await import("../trace/uftrace/readUftrace.js");
    await readUftrace(input.dir, sink, { excludeOffCpu: options.excludeOffCpu });
  } else if (input.format === "chrome") {
    const { readChromeTrace } = await import("../trace/chrome/readChromeTrace.js");
    await readChromeTrace(input.file, sink);
  } else {
    const { readTextTrace } = await import("../trace/text/readTextTrace.js");
    await readTextTrace(input.file, sink);
  }
}

export async function readTraceFile(
  path: string,
  options: ReadTraceOptions = {},
): Promise<{ cct: Cct; format: TraceFormat }> {
  const sink = new CctBuilder(options);
  const format = await readTraceInto(path, sink, options);
  return { cct: sink.finish(), format };
}

/** Streams a trace named by path into a sink (a CCT builder, or one with a watcher for a second pass). */
export async function readTraceInto(
  path: string,
  sink: TraceSink,
  options: Omit<ReadTraceOptions, keyof CctOptions> = {},
): Promise<TraceFormat> {
  const dir = await isDirectory(path);
  const format = options.format ?? detectFormat(path, dir, dir ? new Uint8Array() : await peek(path));
  const chunk = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const input: TraceInput =
    format === "uftrace"
      ? { format, dir: directorySource(path, chunk, options.onBytes) }
      : { format, file: fileSource(path, chunk, options.onBytes) };
  await readInput(input, sink, options);
  return format;
}

/** What a path holds, trace or benchmark results, by trace/detect.ts's one rule. */
export async function detectPathFormat(path: string): Promise<FileFormat> {
  const dir = await isDirectory(path);
  return detectFileFormat(path, dir, dir ? new Uint8Array() : await peek(path));
}

async function peek(path: string): Promise<Uint8Array> {
  const handle = await openRegular(path);
  try {
    const buf = new Uint8Array(DETECT_BYTES);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
