// The command line's entry (dist/cli/main.js, which bin/varbench.js, the Slurm nodes and the
// desktop app run): the command line itself is the CommonJS bundle beside it, compiled from
// V8's cached data for the command when there is some (../io/codeCache.ts).
import { fileURLToPath } from "node:url";
import { commandOf, compileBundle } from "../io/codeCache.js";

const args = process.argv.slice(2);
const bundle = compileBundle(fileURLToPath(new URL("./cli.cjs", import.meta.url)), commandOf(args), process.env);
// Kept at exit, when the script holds every function the command compiled (a command may end the process
// itself, so this is set first), and only after a success: a mistyped command leaves nothing behind.
process.once("exit", (code) => {
  if (code === 0) bundle.keep();
});
bundle.run();
