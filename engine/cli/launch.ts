// The command line's entry (dist/cli/main.js, which bin/varbench.js, the Slurm nodes and the
// desktop app run): the command line itself is the CommonJS bundle beside it, compiled from
// V8's cached data when there is some (codeCache.ts).
import { fileURLToPath } from "node:url";
import { runBundle } from "./codeCache.js";

runBundle(fileURLToPath(new URL("./cli.cjs", import.meta.url)), process.argv.slice(2), process.env);
