import { grouped } from "./numbers.js";
// Text for people, shared by the reports, the command line and the interface: aligned tables,
// call chains and names, and text of any origin made safe to show on a terminal or in a shell.

export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  leftAligned = new Set([header.length - 1]),
): string {
  // A loop, not Math.max(...rows): spreading a million rows overflows the call stack.
  const widths = header.map((h, i) => rows.reduce((w, r) => Math.max(w, r[i].length), h.length));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "=".repeat(w))), ...rows.map(line)].join("\n");
}

/** Frames of a call chain kept at each end when it is shown to a person; the middle is counted. */
const CHAIN_ENDS = 4;

/** A call chain for a terminal or a table: whole when short, else its ends around the count of what is left out. */
export function chainText(path: readonly string[]): string {
  if (path.length <= 2 * CHAIN_ENDS + 1) return chain(path);
  return [
    ...path.slice(0, CHAIN_ENDS).map(displayName),
    `… ${grouped(path.length - 2 * CHAIN_ENDS)} calls …`,
    ...path.slice(-CHAIN_ENDS).map(displayName),
  ].join(" > ");
}

/** A whole call chain as text: its names shown as displayName() shows them. */
export function chain(path: readonly string[]): string {
  return path.map(displayName).join(" > ");
}

/** A location's name without the folders of its file. */
export function shortName(name: string): string {
  return name.replace(/^.*\/([^/]+:\d+)$/, "$1");
}

// C0 and C1 controls, DEL, and the bidirectional embedding, override and isolate characters.
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A function name as text reports and the terminal show it: a tab or a newline
 * in a name would break a table's row, and U+202E would turn the text after it
 * around, so such characters are written as escapes (\n, \u202e); an empty
 * name is "(anonymous)", as in collapsed stacks.
 */
export function displayName(name: string): string {
  if (name === "") return "(anonymous)";
  return visibleText(name);
}

/** Text as a terminal or a report may show it: control characters (ESC, BEL, NUL…) and the
 * bidirectional overrides written as escapes, so none acts on the terminal or turns text around. */
export function visibleText(text: string): string {
  return text.replace(UNSHOWABLE, (ch) => ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Characters of a long text shown on a terminal; the rest is counted. */
const SHOWN_CHARACTERS = 200;

/** A text of any length (a command line, a benchmark's name) for one line of a terminal: visible,
 * and cut to its first SHOWN_CHARACTERS characters with the count of the rest. */
export function shortText(text: string): string {
  if (text.length <= SHOWN_CHARACTERS) return visibleText(text);
  return `${visibleText(text.slice(0, SHOWN_CHARACTERS))}… (${grouped(text.length - SHOWN_CHARACTERS)} more characters)`;
}

/** Arguments that a POSIX shell reads as they are: anything else is quoted. */
const SHELL_PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A command as a POSIX shell reads it back to the same arguments: each argument that is not plain
 * is single-quoted (a quote inside as '\''), so a workspace in "/tmp/my ws;rm -rf ~" is one argument. */
export function shellCommand(argv: readonly string[]): string {
  return argv.map((a) => (SHELL_PLAIN.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(" ");
}

const ESCAPES: Readonly<Record<string, string>> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };
