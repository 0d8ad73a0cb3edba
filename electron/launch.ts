// What one start of the Electron binary is for, decided from its arguments
// alone (pure, no Electron import; test/unit/electronLaunch.test.ts). The
// packaged app is also the `varbench` command line: its RunAsNode fuse is off,
// so the command runs in the app's own main process instead of as
// ELECTRON_RUN_AS_NODE, and the arguments say whether to open a window.
export type Launch = { readonly kind: "window"; readonly workspace: string | null } | { readonly kind: "cli" };

/** The user's arguments: after the app in a packaged build, after the app and its script
 * when started as `electron electron/dist/main.js …` (Electron's `process.defaultApp`). */
export function userArgs(argv: readonly string[], defaultApp: boolean): string[] {
  return argv.slice(defaultApp ? 2 : 1);
}

/** The command line's options that name the workspace, and the others that take a value. */
const WORKSPACE_OPTIONS = new Set(["-w", "--workspace", "--dir"]);
const VALUE_OPTIONS = new Set(["--port"]);
const HELP = new Set(["-h", "--help", "-V", "--version", "help"]);

/** A window with no arguments (the desktop menu, a double-clicked AppImage, Chromium switches
 * such as --no-sandbox only), with `--workspace=<dir>` (how `varbench start` opens it in a
 * checkout), and for `start` (its --dir the workspace) unless --browser asks for browser
 * mode. Any other command, and --help, is the command line. */
export function launchOf(args: readonly string[]): Launch {
  if (args.some((a) => HELP.has(a))) return { kind: "cli" };
  const positional: string[] = [];
  let workspace: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = /^(--workspace|--dir)=(.*)$/.exec(a);
    if (eq) workspace = eq[2];
    else if (WORKSPACE_OPTIONS.has(a)) workspace = args[++i] ?? null;
    else if (VALUE_OPTIONS.has(a)) i++;
    else if (!a.startsWith("-")) positional.push(a);
  }
  if (positional.length === 0) return { kind: "window", workspace };
  if (positional[0] === "start" && positional.length === 1 && !args.includes("--browser"))
    return { kind: "window", workspace };
  return { kind: "cli" };
}
