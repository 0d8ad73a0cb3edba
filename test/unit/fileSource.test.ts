// A file's chunks (engine/io/fileSource.ts) as ByteSource promises them: the
// file's bytes in order whatever the chunk size, and the chunk handed out last
// intact until the next is asked for, while the read ahead of the consumer lands.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SMALL_FILE_BYTES, fileSource } from "../../engine/io/fileSource.js";
import { tempDir } from "../helpers/uftrace.js";

/** A file past SMALL_FILE_BYTES (so read ahead through libuv's pool) whose every byte tells its place. */
function numberedFile(bytes: number): { path: string; content: Uint8Array } {
  const content = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) content[i] = (i * 131 + (i >> 8)) & 0xff;
  const path = join(tempDir("file-source"), "trace.bin");
  writeFileSync(path, content);
  return { path, content };
}

describe("a file's chunks", () => {
  it("are the file's bytes in order, each intact while the reads ahead land, at every chunk size", async () => {
    const { path, content } = numberedFile(SMALL_FILE_BYTES * 3 + 12_345);
    for (const chunkBytes of [4096, 65_536, 100_003, 1 << 20]) {
      let at = 0;
      const sizes: number[] = [];
      for await (const chunk of fileSource(path, chunkBytes).chunks()) {
        const copy = chunk.slice();
        // A slow consumer: the read ahead lands meanwhile, in the buffer that is not this chunk's.
        await sleep(2);
        assert.deepEqual(chunk, copy, `chunk at ${at} changed while it was being read (chunks of ${chunkBytes})`);
        assert.deepEqual(copy, content.subarray(at, at + copy.length));
        at += copy.length;
        sizes.push(copy.length);
      }
      assert.equal(at, content.length);
      assert.ok(
        sizes.slice(0, -1).every((n) => n === chunkBytes),
        "every chunk but the last is whole",
      );
    }
  });

  it("stops reading when the consumer stops early, and can be read again", async () => {
    const { path, content } = numberedFile(SMALL_FILE_BYTES * 2);
    for await (const chunk of fileSource(path, 8192).chunks()) {
      assert.deepEqual(chunk, content.subarray(0, 8192));
      break;
    }
    let n = 0;
    for await (const chunk of fileSource(path, 8192).chunks()) n += chunk.length;
    assert.equal(n, content.length);
  });
});
