// The folder Varbench is installed in (examples, fixtures, the built renderer,
// the runner's native helper). This module is two folders below it both as
// source (engine/io/) and inside every bundle (dist/cli/, electron/dist/), so
// one relative URL finds it from all of them.
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where the example programs and traces are: the installation itself from sources, or the folder
 * the packaged app ships them in beside its archive (resources/data, set by the app's main process),
 * since a compiler or `make` cannot read inside the archive. */
export const DATA_ROOT = process.env.VARBENCH_DATA_DIR ?? PROJECT_ROOT;
