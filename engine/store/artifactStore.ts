// Content-addressed files under <workspace>/artifacts/: a blob is named by
// its SHA-256 and written to a temporary name first, then renamed, so a crash
// never leaves a half-written blob under a real name. A directory (a uftrace
// recording) is stored as its files plus a manifest blob naming them.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile, copyFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { ByteSource, TraceDirectory } from "../trace/source.js";
import { fileSource, DEFAULT_CHUNK_BYTES, type OnBytes } from "../io/fileSource.js";
import { TraceError } from "../trace/diagnostics.js";

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

  constructor(readonly workspaceDir: string) {
    this.root = join(workspaceDir, "artifacts");
  }

  async putFile(file: string): Promise<StoredBlob> {
    const sha256 = await hashFile(file);
    return this.place(sha256, (tmp) => copyFile(file, tmp));
  }

  async putBytes(bytes: Uint8Array | string): Promise<StoredBlob> {
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    return this.place(sha256, (tmp) => writeFile(tmp, bytes));
  }

  /** Stores every file of a directory, then the manifest; returns the manifest blob, all blobs
   * written and the directory's size (its files' bytes: what a person asks of a recording). */
  async putDirectory(dir: string): Promise<{ manifest: StoredBlob; written: StoredBlob[]; totalBytes: number }> {
    const files: Manifest["files"] = {};
    const written: StoredBlob[] = [];
    for (const name of (await readdir(dir)).sort()) {
      const full = join(dir, name);
      if (!(await stat(full)).isFile()) continue;
      const blob = await this.putFile(full);
      if (blob.created) written.push(blob);
      files[name] = { sha256: blob.sha256, sizeBytes: blob.sizeBytes };
    }
    const manifest = await this.putBytes(JSON.stringify({ files } satisfies Manifest));
    if (manifest.created) written.push(manifest);
    return { manifest, written, totalBytes: Object.values(files).reduce((n, f) => n + f.sizeBytes, 0) };
  }

  /** Removes blobs written by an operation that then failed, so nothing half-done stays. */
  async discard(blobs: readonly StoredBlob[]): Promise<void> {
    await Promise.all(blobs.filter((b) => b.created).map((b) => unlink(this.absolute(b.path)).catch(() => undefined)));
  }

  readText(path: string): Promise<string> {
    return readFile(this.absolute(path), "utf8");
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
      readText: async (file) => readFile(blobPath(file), "utf8"),
      open: (file): ByteSource => ({ name: `${label}/${file}`, chunks: () => fileSource(blobPath(file), DEFAULT_CHUNK_BYTES, onBytes).chunks() }),
    };
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

  private async place(sha256: string, write: (tmp: string) => Promise<void>): Promise<StoredBlob> {
    const path = this.blobPath(sha256);
    const full = join(this.workspaceDir, path);
    const existing = await stat(full).catch(() => null);
    if (existing) return { sha256, sizeBytes: existing.size, path, created: false };
    await mkdir(join(this.root, sha256.slice(0, 2)), { recursive: true });
    const tmp = join(this.root, `.tmp-${randomBytes(6).toString("hex")}`);
    await write(tmp);
    await rename(tmp, full);
    return { sha256, sizeBytes: (await stat(full)).size, path: relative(this.workspaceDir, full), created: true };
  }
}

function hashFile(file: string): Promise<string> {
  return new Promise((ok, fail) => {
    const h = createHash("sha256");
    createReadStream(file)
      .on("data", (d) => h.update(d))
      .on("error", fail)
      .on("end", () => ok(h.digest("hex")));
  });
}
