// The command line's start (issue 32 item 1). Node 20 compiles every ES module
// from its source at every start: for a command on a small trace that was most
// of its cost (the 87 modules a `cct` loaded cost more to find, compile and link
// than Node's own start). So the command line is one CommonJS bundle (dist/cli/
// cli.cjs, build-engine.mjs) compiled here through node:vm with V8's cached
// data: the bytecode of what the same command compiled the last time, kept per
// command, so each command finds the functions it runs already compiled. The
// cache is an optimisation only: a missing, stale or unwritable one costs a
// compile from source, never an error.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

/** Where a command's cached data is looked for and written, first to last. VARBENCH_CODE_CACHE names a
 * folder of its own, or "off"; by default beside the bundle (a build replaces the folder), else the user's
 * cache folder (a packaged app's bundle is read-only). */
export function cacheDirs(bundle: string, env: NodeJS.ProcessEnv): string[] {
  const chosen = env.VARBENCH_CODE_CACHE;
  if (chosen === "off") return [];
  if (chosen) return [chosen];
  const userCache = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return [join(dirname(bundle), "v8-cache"), join(userCache, "varbench", "v8-cache")];
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
 * checks only the source's length). */
function stampOf(bundle: string): string {
  const s = statSync(bundle);
  return `${s.size}-${Math.trunc(s.mtimeMs)}`;
}

/** Runs the CommonJS bundle as Node's require would, for the command `args` name, from cached data when some
 * was kept for this command, this bundle and this V8; writes it at exit when there was none to use. */
export function runBundle(bundle: string, args: readonly string[], env: NodeJS.ProcessEnv): void {
  // One byte a character: the build keeps the bundle ASCII (build-engine.mjs), and V8 reads a one-byte
  // string in half the memory and time of the two-byte one a UTF-8 decoding would give.
  const source = readFileSync(bundle, "latin1");
  const stamp = stampOf(bundle);
  const name = `${commandOf(args)}-${process.versions.v8}-${stamp}.v8`;
  const dirs = cacheDirs(bundle, env);
  let cached: Buffer | undefined;
  for (const dir of dirs) {
    try {
      cached = readFileSync(join(dir, name));
      break;
    } catch {
      // none here
    }
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    cachedData: cached,
  });
  // At exit the script holds every function this command compiled (a command may end the process itself);
  // kept when it succeeded, so a mistyped command leaves nothing behind.
  if (dirs.length > 0 && (cached === undefined || script.cachedDataRejected))
    process.once("exit", (code) => {
      if (code === 0) keep(script.createCachedData(), dirs, name, stamp);
    });
  const run = script.runInThisContext() as (...a: unknown[]) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/** Writes the cached data in the first folder that takes it, whole or not at all (another process may read
 * it meanwhile), and removes what older builds left there. */
function keep(data: Buffer, dirs: readonly string[], name: string, stamp: string): void {
  for (const dir of dirs) {
    const part = join(dir, `${name}.${process.pid}.part`);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(part, data);
      renameSync(part, join(dir, name));
    } catch {
      removeQuietly(part);
      continue;
    }
    try {
      for (const old of readdirSync(dir))
        if (old.endsWith(".v8") && !old.endsWith(`-${stamp}.v8`)) removeQuietly(join(dir, old));
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
