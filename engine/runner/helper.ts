// The vbtime helper (native/vbtime.c): prebuilt in the installed app
// (VARBENCH_VBTIME), else compiled on first use into a cache
// folder named by its source's hash, so a changed helper is rebuilt and
// concurrent first uses do not collide (the binary is renamed into place).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DATA_ROOT } from "../io/projectRoot.js";

// The installed app ships its source as a real file beside the archive (a compiler cannot read inside it).
const SOURCE = join(DATA_ROOT, "engine", "runner", "native", "vbtime.c");

let cached: string | undefined;

export function vbtimePath(): string {
  if (cached) return cached;
  // The installed app's helper, built when it was packaged: no compiler is needed on the user's machine.
  const prebuilt = process.env.VARBENCH_VBTIME;
  if (prebuilt && existsSync(prebuilt)) return (cached = prebuilt);
  const source = readFileSync(SOURCE);
  const dir = join(tmpdir(), `varbench-helper-${createHash("sha256").update(source).digest("hex").slice(0, 12)}`);
  const bin = join(dir, "vbtime");
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${bin}.${process.pid}`;
    try {
      execFileSync(process.env.CC ?? "cc", ["-O2", "-o", tmp, SOURCE], { stdio: ["ignore", "ignore", "pipe"] });
    } catch (e) {
      const why = (e as { stderr?: Buffer }).stderr?.toString().trim() || (e as Error).message;
      throw new Error(
        `cannot build the run helper from ${SOURCE} (a C compiler is needed: set CC or install gcc): ${why}`,
      );
    }
    renameSync(tmp, bin);
  }
  cached = bin;
  return bin;
}
