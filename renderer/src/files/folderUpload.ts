// A folder chosen (<input type=file webkitdirectory>) or dropped (DataTransferItem.webkitGetAsEntry) in
// browser mode: its files with their paths relative to it, sent in one body to POST api/upload?folder=1
// (engine/api/httpUploadDir.ts): a 4-byte big-endian length, the JSON list of paths and sizes, the files'
// bytes in that order. A Blob of the Files themselves, so the browser streams them from disk.

export interface FolderFile {
  /** Relative to the folder, "/"-separated. */
  readonly path: string;
  readonly file: File;
}

/** A folder picked with webkitdirectory: its name (the first part of every webkitRelativePath) and files. */
export function pickedFolder(files: readonly File[]): { name: string; files: FolderFile[] } | null {
  const withPath = files.filter((f) => f.webkitRelativePath.includes("/"));
  if (withPath.length === 0) return null;
  const name = withPath[0].webkitRelativePath.split("/")[0];
  return {
    name,
    files: withPath.map((file) => ({ path: file.webkitRelativePath.split("/").slice(1).join("/"), file })),
  };
}

/** Every file under a dropped folder's entry, with its path below the folder. */
export async function droppedFolder(root: FileSystemDirectoryEntry): Promise<FolderFile[]> {
  const out: FolderFile[] = [];
  const walk = async (dir: FileSystemDirectoryEntry, prefix: string): Promise<void> => {
    const reader = dir.createReader();
    // readEntries gives a batch at a time (100 in Chromium) until an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail));
      if (batch.length === 0) return;
      for (const e of batch) {
        if (e.isDirectory) await walk(e as FileSystemDirectoryEntry, `${prefix}${e.name}/`);
        else {
          const file = await new Promise<File>((ok, fail) => (e as FileSystemFileEntry).file(ok, fail));
          out.push({ path: `${prefix}${e.name}`, file });
        }
      }
    }
  };
  await walk(root, "");
  return out;
}

/** The body POST api/upload?folder=1 reads. */
export function folderBody(files: readonly FolderFile[]): Blob {
  const manifest = new TextEncoder().encode(JSON.stringify(files.map((f) => ({ path: f.path, size: f.file.size }))));
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, manifest.length);
  return new Blob([length, manifest, ...files.map((f) => f.file)]);
}
