// electron-builder's own library (app-builder-lib, builder-util), resolved through
// electron-builder so the versions agree, for tests that check the packaging
// configuration with the code that packages.
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT } from "./uftrace.js";

export const builderRequire = createRequire(
  createRequire(join(ROOT, "package.json")).resolve("electron-builder/package.json"),
);

const { setPrinter, log } = builderRequire("builder-util") as {
  setPrinter(printer: ((message: string) => void) | null): void;
  log: { stream: NodeJS.WritableStream };
};
// electron-builder logs ("loaded configuration") to stdout, which node:test reads as
// its serialized message channel from a test file's process: a log line landing
// inside a message failed CI with "Unable to deserialize cloned data". Its log goes to
// stderr: both ways it writes, the printer and (info, warn, error) its logger's own stream.
setPrinter((message) => process.stderr.write(`${message}\n`));
log.stream = process.stderr;
