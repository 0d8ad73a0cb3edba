// Content-addressed files under <workspace>/artifacts/: a blob is named by
// its SHA-256 and written to a temporary name first, then renamed, so a crash
// never leaves a half-written blob under a real name. A directory (a uftrace
// recording) is stored as its files plus a manifest blob naming them.
// A process killed midway leaves what it was writing: its temporary files and
// the blobs it stored for rows it never committed. Both carry its pid (temporary
// names, and a journal of the blobs it holds until the caller settles them), so
// the next open removes them (artifactLeftovers.ts), never a live process's.
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, rmSync, writeFileSync } from "node:fs";
import { mkdir, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { ByteSource, TraceDirectory } from "../trace/source.js";
import { fileSource, readTextFile, DEFAULT_CHUNK_BYTES, type OnBytes } from "../io/fileSource.js";
import { openRegular } from "../io/openRegular.js";
import { TraceError } from "../trace/diagnostics.js";

/** Temporary files are named `.tmp-<pid>-<random>`; the journal of blobs a store holds, `.pending-<pid>-<random>`. */
export const TEMP_PREFIX = ".tmp-";
export const JOURNAL_PREFIX = ".pending-";

export interface StoredBlob {
  readonly sha256: string;
  readonly sizeBytes: number;
  /** Path relative to the workspace folder. */
  readonly path: string;
  /** True when this call wrote the blob (it did not exist before). */
  readonly created: boolean;
}

export interface Manifest {
  readonly files: Record<string, { sha256: string; sizeBytes: number }>;
}

export class ArtifactStore {
  readonly root: string;
  /** Blobs stored by this process whose rows are not yet committed (or discarded), with how many
   * operations hold each: written to the journal, so that no other process takes them for leftovers. */
  private readonly held = new Map<string, number>();
  private readonly journal: string;

  constructor(readonly workspaceDir: string) {
    this.root = join(workspaceDir, "artifacts");
    // One journal per store: a process may open a workspace twice (the engine's worker and a test beside it).
    this.journal = join(this.root, `${JOURNAL_PREFIX}${process.pid}-${randomBytes(6).toString("hex")}`);
  }

  /** A regular file (never a FIFO or a device), read once: hashed as it is copied, so the blob's
   * name is its copy's content even if the file changes meanwhile. `read` sees each chunk as it
   * passes (a reader checking the file); if it throws, nothing is stored and the error is thrown. */
  async putFile(file: string, read?: (chunk: Uint8Array) => void): Promise<StoredBlob> {
    const input = await openRegular(file);
    const tmp = await this.tempFile();
    const hash = createHash("sha256");
    try {
      await pipeline(
        input.createReadStream(),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            read?.(chunk);
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(tmp, { flags: "wx" }),
      );
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw e;
    } finally {
      await input.close().catch(() => undefined);
    }
    const sha256 = hash.digest("hex");
    const path = this.blobPath(sha256);
    const size = await this.hold(path);
    if (size === null) return this.install(path, tmp);
    await unlink(tmp);
    return { sha256, sizeBytes: size, path, created: false };
  }

  async putBytes(bytes: Uint8Array | string): Promise<StoredBlob> {
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const path = this.blobPath(sha256);
    const size = await this.hold(path);
    if (size !== null) return { sha256, sizeBytes: size, path, created: false };
    const tmp = await this.tempFile();
    try {
      await writeFile(tmp, bytes, { flag: "wx" });
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw e;
    }
    return this.install(path, tmp);
  }

  /** Stores every file of a directory, then the manifest; returns the manifest blob, every blob
   * stored (to settle or discard) and the directory's size (its files' bytes: what a person asks of a recording). */
  async putDirectory(dir: string): Promise<{ manifest: StoredBlob; written: StoredBlob[]; totalBytes: number }> {
    const files: Manifest["files"] = {};
    const written: StoredBlob[] = [];
    for (const name of (await readdir(dir)).sort()) {
      const full = join(dir, name);
      if (!(await stat(full)).isFile()) continue;
      const blob = await this.putFile(full);
      written.push(blob);
      files[name] = { sha256: blob.sha256, sizeBytes: blob.sizeBytes };
    }
    const manifest = await this.putBytes(JSON.stringify({ files } satisfies Manifest));
    written.push(manifest);
    return { manifest, written, totalBytes: Object.values(files).reduce((n, f) => n + f.sizeBytes, 0) };
  }

  /** Removes blobs written by an operation that then failed, so nothing half-done stays. */
  async discard(blobs: readonly StoredBlob[]): Promise<void> {
    await Promise.all(blobs.filter((b) => b.created).map((b) => unlink(this.absolute(b.path)).catch(() => undefined)));
    this.settle(blobs);
  }

  /** The rows naming these blobs are committed (or the blobs discarded): this process holds them no more. */
  settle(blobs: readonly StoredBlob[]): void {
    for (const b of blobs) {
      const n = (this.held.get(b.path) ?? 0) - 1;
      if (n > 0) this.held.set(b.path, n);
      else this.held.delete(b.path);
    }
    this.writeJournal();
  }

  /** Closing the workspace: what this process still holds was never committed, and is left in its
   * journal for the next open to remove once this process is gone. */
  close(): void {
    if (this.held.size === 0) rmSync(this.journal, { force: true });
  }

  readText(path: string): Promise<string> {
    return readTextFile(this.absolute(path));
  }

  /** A stored directory as a TraceDirectory, read straight from its blobs. */
  async directory(manifestPath: string, label: string, onBytes?: OnBytes): Promise<TraceDirectory> {
    const { files } = JSON.parse(await this.readText(manifestPath)) as Manifest;
    const blobPath = (file: string) => {
      const entry = files[file];
      if (!entry) throw new TraceError({ kind: "missing-file", file: label, needed: file });
      return this.absolute(this.blobPath(entry.sha256));
    };
    return {
      name: label,
      list: async () => Object.keys(files).sort(),
      has: async (file) => file in files,
      readText: async (file) => readTextFile(blobPath(file)),
      contentId: (file) => files[file]?.sha256,
      // The file's own source (chunks and blocks read straight into a reader's buffer), named for the trace.
      open: (file): ByteSource => ({
        ...fileSource(blobPath(file), DEFAULT_CHUNK_BYTES, onBytes),
        name: `${label}/${file}`,
      }),
    };
  }

  /** A stored directory's files by name, each its blob's absolute path: for a reader that has no
   * store of its own (engine/pool, a worker reading the run's trace). */
  async directoryFiles(manifestPath: string): Promise<Record<string, string>> {
    const { files } = JSON.parse(await this.readText(manifestPath)) as Manifest;
    return Object.fromEntries(
      Object.entries(files).map(([name, entry]) => [name, this.absolute(this.blobPath(entry.sha256))]),
    );
  }

  /** Resolves a stored path, refusing anything outside the artifact folder. */
  absolute(path: string): string {
    const full = resolve(this.workspaceDir, path);
    if (!full.startsWith(this.root + sep)) throw new Error(`artifact path ${path} is outside the workspace`);
    return full;
  }

  private blobPath(sha256: string): string {
    return join("artifacts", sha256.slice(0, 2), sha256);
  }

  /** A temporary file's name for this process (artifactLeftovers.ts removes those of dead ones). */
  private async tempFile(): Promise<string> {
    await mkdir(this.root, { recursive: true });
    return join(this.root, `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString("hex")}`);
  }

  /** Holds the blob (journal first, then a look at the disk, so a leftover sweep that reads the
   * journal after removing the blob puts it back); resolves with its size if it exists already. */
  private async hold(path: string): Promise<number | null> {
    this.held.set(path, (this.held.get(path) ?? 0) + 1);
    this.writeJournal();
    return stat(join(this.workspaceDir, path)).then(
      (s) => s.size,
      () => null,
    );
  }

  /** The temporary file `tmp` as the blob at `path` (a process storing the same content at the same
   * time renames the same bytes there). */
  private async install(path: string, tmp: string): Promise<StoredBlob> {
    const full = join(this.workspaceDir, path);
    await mkdir(dirname(full), { recursive: true });
    await rename(tmp, full);
    return { sha256: basename(full), sizeBytes: (await stat(full)).size, path, created: true };
  }

  /** The held blobs, one per line; no file when none is held. Written whole and at once (synchronously),
   * so operations running side by side never interleave it. */
  private writeJournal(): void {
    if (this.held.size === 0) rmSync(this.journal, { force: true });
    else writeFileSync(this.journal, [...this.held.keys()].join("\n") + "\n");
  }
}
