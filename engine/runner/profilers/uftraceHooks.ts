// uftrace records the functions of a program that calls its entry hook: built
// with -pg (mcount, or __fentry__ with -mfentry), -finstrument-functions
// (__cyg_profile_func_enter), or patched at run time (-P, a
// -fpatchable-function-entry build). Without one, `uftrace record` stops at
// once with "Can't find 'mcount' symbol", and every run of that program would
// fail the same way: the campaign says so before its first run, and a run
// that fails on uftrace's own error says uftrace's words, not "exited with code 1".
import { open } from "node:fs/promises";
import { constants, accessSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** The hooks' names as an ELF string table holds them (NUL-terminated): one present, uftrace can record. */
const HOOKS = ["mcount", "__fentry__", "__cyg_profile_func_enter", "__gnu_mcount_nc"].map((s) => Buffer.from(`${s}\0`));
/** Options under which uftrace needs no hook compiled in: dynamic patching, or --force (library calls only). */
const NO_HOOK_NEEDED = /^(-P|--patch|--force)/;
/** Past this size the program is not scanned (uftrace's own check then speaks at the first run). */
const MAX_SCAN_BYTES = 1 << 30;
const CHUNK = 1 << 20;

/** Why uftrace cannot record this program, or null where it can (or it cannot be told: not found, not ELF). */
export async function missingHook(program: string, cwd: string, options: readonly string[]): Promise<string | null> {
  if (options.some((o) => NO_HOOK_NEEDED.test(o))) return null;
  const path = locate(program, cwd);
  if (path === null) return null; // the run itself will say it cannot be started
  const file = await open(path, "r").catch(() => null);
  if (!file) return null;
  try {
    const { size } = await file.stat();
    if (size > MAX_SCAN_BYTES) return null;
    const buffer = Buffer.alloc(Math.min(CHUNK, size) + 64);
    const head = await file.read(buffer, 0, 4, 0);
    if (head.bytesRead < 4 || buffer.readUInt32BE(0) !== 0x7f454c46) return null; // a script: its interpreter is traced, as uftrace decides
    // Chunks overlap by the longest name, so a name across a boundary is still found.
    const overlap = Math.max(...HOOKS.map((h) => h.length));
    for (let at = 0; at < size; at += CHUNK) {
      const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK + overlap, size - at), at);
      const view = buffer.subarray(0, bytesRead);
      if (HOOKS.some((h) => view.includes(h))) return null;
    }
  } finally {
    await file.close();
  }
  return `uftrace cannot record ${path}: it was built without an entry hook (no mcount, __fentry__ or __cyg_profile_func_enter). Build it with -pg (or -finstrument-functions), e.g. gcc -O2 -g -pg, or record with dynamic patching: a -fpatchable-function-entry=5 build and the profiler options [-P, "."]`;
}

/** uftrace's own error in a failed run's stderr ("uftrace: …\n ERROR: Can't find …"), in one line, or null. */
export function uftraceError(stderr: string): string | null {
  const at = stderr.search(/^uftrace: [^\n]*\n\s*ERROR: /m);
  if (at < 0) return null;
  const lines = stderr.slice(at).split("\n").slice(1);
  const text = [lines[0]!.replace(/^\s*ERROR:\s*/, "")];
  for (const line of lines.slice(1)) {
    if (!/^\s/.test(line) || line.trim() === "") break; // uftrace indents the lines that go on its message
    text.push(line.trim());
  }
  return `uftrace stopped before the program ran: ${text.join(" ")}`;
}

function locate(program: string, cwd: string): string | null {
  const candidates = program.includes("/")
    ? [isAbsolute(program) ? program : resolve(cwd, program)]
    : (process.env.PATH ?? "")
        .split(delimiter)
        .filter(Boolean)
        .map((d) => join(d, program));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // not this one
    }
  }
  return null;
}
