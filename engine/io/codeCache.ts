// The command line's and the engine worker's start (issue 32 items 1 and 3).
// Node 20 compiles every ES module from its source at every start: for a
// command on a small trace that was most of its cost (the 87 modules a `cct`
// loaded cost more to find, compile and link than Node's own start). So the
// command line and the engine are each one CommonJS bundle (dist/cli/cli.cjs
// and engineWorker.cjs, build-engine.mjs) compiled here through node:vm with
// V8's cached data: the bytecode of what the same use compiled the last time,
// kept per command (and once for the engine), so each finds the functions it
// runs already compiled. The cache is an optimisation only: a missing, stale
// or unwritable one costs a compile from source, never an error.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import { engineRanHere } from "./engineHere.js";

/** Where a command's cached data is looked for and written, first to last. VARBENCH_CODE_CACHE names a
 * folder of its own, or "off"; by default beside the bundle (a build replaces the folder), else the user's
 * cache folder (a packaged app's bundle is read-only). */
export function cacheDirs(bundle: string, env: NodeJS.ProcessEnv): string[] {
  const chosen = env.VARBENCH_CODE_CACHE;
  if (chosen === "off") return [];
  if (chosen) return [chosen];
  const beside = join(dirname(bundle), "v8-cache");
  const userCache = env.XDG_CACHE_HOME || homeCache();
  return userCache ? [beside, join(userCache, "varbench", "v8-cache")] : [beside];
}

/** ~/.cache, or null for a user with no home folder Node can name (homedir() throws then). */
function homeCache(): string | null {
  try {
    return join(homedir(), ".cache");
  } catch {
    return null;
  }
}

/** The command the arguments name (their first word that is not an option or the workspace option's
 * value): "none" for `--help` and `--version`, "other" for a word no command has. */
export function commandOf(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "-w" || a === "--workspace") i++;
    else if (!a.startsWith("-")) return /^[a-z][a-z-]{0,31}$/.test(a) ? a : "other";
  }
  return "none";
}

/** The bundle as built: its size and time, so data cached for another build is never offered to V8 (which
 * checks only the source's length), and older builds' data is removed. */
function stampOf(bundle: string): string {
  const s = statSync(bundle);
  return `${s.size}-${Math.trunc(s.mtimeMs)}`;
}

/** V8 refuses data cached under other flags: Node's options (`--max-old-space-size`, …) name the file too,
 * so two ways of starting Node each keep their own instead of writing over each other's at every start. */
function flagsOf(env: NodeJS.ProcessEnv): string {
  const text = `${process.execArgv.join(" ")}|${env.NODE_OPTIONS ?? ""}`;
  let h = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/** A CommonJS bundle compiled for one use of it (a command, the engine's worker): `run` runs it as Node's
 * require would; `keep` writes what it has compiled so far when no cached data of what it ran was there
 * to use. A command kept twice: as it runs with the engine's worker, and with the engine on its own
 * thread (`<use>+engine`, which holds the first's functions too, so it is the one tried first). */
export interface CompiledBundle {
  run(): void;
  keep(): void;
}

/** Compiles the bundle from the cached data kept for this use, this build and this V8, when there is some. */
export function compileBundle(bundle: string, use: string, env: NodeJS.ProcessEnv): CompiledBundle {
  // One byte a character: the build keeps the bundle ASCII (build-engine.mjs), and V8 reads a one-byte
  // string in half the memory and time of the two-byte one a UTF-8 decoding would give.
  const source = readFileSync(bundle, "latin1");
  const prefix = `${basename(bundle, ".cjs")}.`;
  const stamp = stampOf(bundle);
  const nameOf = (u: string) => `${prefix}${u}-${process.versions.v8}-${flagsOf(env)}-${stamp}.v8`;
  const withEngine = nameOf(`${use}+engine`);
  const dirs = cacheDirs(bundle, env);
  // The first file there is of the two, in the first folder that has it (one that is not whole is written
  // again, or taken away).
  let found: { dir: string; name: string } | null = null;
  let cached: Buffer | undefined;
  search: for (const name of [withEngine, nameOf(use)])
    for (const dir of dirs) {
      try {
        const file = readFileSync(join(dir, name));
        found = { dir, name };
        cached = checked(file);
        break search;
      } catch {
        // none here
      }
    }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    cachedData: cached,
  });
  const used = cached !== undefined && !script.cachedDataRejected;
  let kept = dirs.length === 0;
  return {
    run() {
      const run = script.runInThisContext() as (...a: unknown[]) => void;
      const module = { exports: {} };
      run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
    },
    keep() {
      if (kept) return;
      kept = true;
      const name = engineRanHere() ? withEngine : nameOf(use);
      // The data used holds what this run compiled: it was of this kind, or the variant with the engine.
      if (used && (found?.name === name || found?.name === withEngine)) return;
      if (found !== null && !used && found.name !== name) removeQuietly(join(found.dir, found.name));
      keep(script.createCachedData(), dirs, name, (f) => f.startsWith(prefix) && !f.endsWith(`-${stamp}.v8`));
    },
  };
}

/** V8 checks cached data's length, version and flags but, in Node's release builds, no checksum: data changed
 * on disk (measured: 64 bytes overwritten anywhere) makes it crash the process at every start, so the file
 * carries a hash of the data, checked before V8 sees it. */
const MAGIC = Buffer.from("vbcache1");
const HEADER = MAGIC.length + 32;
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();

function sealed(data: Buffer): Buffer {
  return Buffer.concat([MAGIC, sha256(data), data]);
}

/** The data a sealed file holds, or undefined when it is not whole and unchanged (it is written again). */
function checked(file: Buffer): Buffer | undefined {
  if (file.length <= HEADER || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = file.subarray(HEADER);
  return sha256(data).equals(file.subarray(MAGIC.length, HEADER)) ? data : undefined;
}

/** Writes the cached data in the first folder that takes it, whole or not at all (another process may read
 * it meanwhile), and removes what older builds left there. */
function keep(data: Buffer, dirs: readonly string[], name: string, stale: (file: string) => boolean): void {
  for (const dir of dirs) {
    const part = join(dir, `${name}.${process.pid}.part`);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(part, sealed(data));
      renameSync(part, join(dir, name));
    } catch {
      removeQuietly(part);
      continue;
    }
    try {
      for (const old of readdirSync(dir)) if (old.endsWith(".v8") && stale(old)) removeQuietly(join(dir, old));
    } catch {
      // the folder went meanwhile: nothing left to remove
    }
    return;
  }
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // where no file can be, none is left
  }
}
