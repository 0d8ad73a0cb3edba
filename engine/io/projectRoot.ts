// The folder Varbench is installed in (examples, fixtures, the built renderer,
// the runner's native helper). This module is two folders below it both as
// source (engine/io/) and inside every bundle (dist/cli/, electron/dist/), so
// one relative URL finds it from all of them.
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
