// Address → function name for uftrace recordings: module bases from
// `sid-*.map` (and `DLOP` lines of task.txt for dlopen'ed libraries), names
// from `<module>.sym` by range, since a record holds a return address inside
// the function, not its start (docs/formats.md).

export interface SymbolTable {
  /** Sorted start offsets (module-relative) and their names; null = not a function. */
  readonly starts: Float64Array;
  readonly names: readonly (string | null)[];
  /** Lines that are not `<hex address> <type> <name>` (a damaged file), and where the first begins. */
  readonly unreadLines: number;
  readonly firstUnreadAt: number;
}

const HEX = /^[0-9a-fA-F]+$/;

const FUNCTION_TYPES = new Set(["T", "t", "W", "w", "P", "K", "k"]);

export function parseSymFile(text: string): SymbolTable {
  const rows: { start: number; name: string | null }[] = [];
  let unreadLines = 0;
  let firstUnreadAt = -1;
  let at = 0;
  for (const line of text.split("\n")) {
    const lineAt = at;
    at += line.length + 1; // characters, which is bytes for the ASCII of a good file
    if (line.length === 0 || line.startsWith("#")) continue;
    const firstSpace = line.indexOf(" ");
    const address = line.slice(0, firstSpace);
    if (firstSpace <= 0 || !HEX.test(address) || line[firstSpace + 2] !== " ") {
      if (unreadLines++ === 0) firstUnreadAt = lineAt;
      continue;
    }
    const type = line.slice(firstSpace + 1, firstSpace + 2);
    const name = line.slice(firstSpace + 3).trim();
    rows.push({ start: parseInt(address, 16), name: FUNCTION_TYPES.has(type) ? name : null });
  }
  rows.sort((a, b) => a.start - b.start);
  return {
    starts: Float64Array.from(rows, (r) => r.start),
    names: rows.map((r) => r.name),
    unreadLines,
    firstUnreadAt,
  };
}

/** The name of the function holding `offset`, or null. */
export function lookupSymbol(table: SymbolTable, offset: number): string | null {
  const s = table.starts;
  let lo = 0;
  let hi = s.length - 1;
  if (hi < 0 || offset < s[0]) return null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return table.names[lo];
}

export interface ModuleMapping {
  readonly start: number;
  readonly end: number;
  readonly path: string;
}

/** `start-end perms offset dev inode path build-id:<hex>` lines. The path may hold spaces; the
 * build-id is cut off its end by hand, since a pattern for "the path, then maybe a build-id" backtracks
 * over every run of spaces, which on a corrupt map of long blank runs takes hours. */
export function parseSessionMap(text: string): ModuleMapping[] {
  const out: ModuleMapping[] = [];
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]+)-([0-9a-f]+)\s+\S+\s+\S+\s+\S+\s+\S+\s+/.exec(line);
    if (!m) continue;
    let path = line.slice(m[0].length).trimEnd();
    const id = path.lastIndexOf("build-id:");
    if (id > 0 && /\s/.test(path[id - 1]) && /^[0-9a-f]+$/.test(path.slice(id + 9))) path = path.slice(0, id).trimEnd();
    if (path === "" || path.startsWith("[")) continue;
    out.push({ start: parseInt(m[1], 16), end: parseInt(m[2], 16), path });
  }
  return out;
}

export interface TaskLines {
  readonly sessions: { timestampNs: number; pid: number; sid: string; exename: string }[];
  readonly tasks: { tid: number; pid: number }[];
  readonly forks: { pid: number; ppid: number }[];
  readonly dlopens: { timestampNs: number; sid: string; base: number; libname: string }[];
}

export function parseTaskTxt(text: string): TaskLines {
  const sessions: TaskLines["sessions"] = [];
  const tasks: TaskLines["tasks"] = [];
  const forks: TaskLines["forks"] = [];
  const dlopens: TaskLines["dlopens"] = [];
  for (const line of text.split("\n")) {
    const fields = new Map<string, string>();
    // A key starts where a word does ((?<!\w)): tried at every character of a long word with no `=`, the pattern took quadratic time.
    for (const m of line.matchAll(/(?<!\w)(\w+)=("([^"]*)"|\S+)/g)) fields.set(m[1], m[3] ?? m[2]);
    const num = (k: string) => Number(fields.get(k) ?? NaN);
    const ts = () => Math.round(Number(fields.get("timestamp") ?? 0) * 1e9);
    if (line.startsWith("SESS"))
      sessions.push({
        timestampNs: ts(),
        pid: num("pid"),
        sid: fields.get("sid") ?? "",
        exename: fields.get("exename") ?? "",
      });
    else if (line.startsWith("TASK")) tasks.push({ tid: num("tid"), pid: num("pid") });
    else if (line.startsWith("FORK")) forks.push({ pid: num("pid"), ppid: num("ppid") });
    else if (line.startsWith("DLOP")) {
      dlopens.push({
        timestampNs: ts(),
        sid: fields.get("sid") ?? "",
        base: parseInt(fields.get("base") ?? "0", 16),
        libname: fields.get("libname") ?? "",
      });
    }
  }
  return { sessions, tasks, forks, dlopens };
}

/** The module path a `.sym` file was written for (its `# path name:` line). */
export function symFilePathName(text: string): string | null {
  for (const line of text.split("\n", 8)) {
    if (line.startsWith("# path name: ")) return line.slice(13).trim();
    if (!line.startsWith("#")) break;
  }
  return null;
}

/** Basename of a module path as uftrace names its `.sym` file. */
export function symFileName(path: string): string {
  const slash = path.lastIndexOf("/");
  return `${path.slice(slash + 1)}.sym`;
}
