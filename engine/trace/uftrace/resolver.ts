// Address → function id for one uftrace session. Module bases come from the
// session's `sid-*.map`, plus `DLOP … base=` lines for dlopen'ed libraries
// that the map cannot list; `.sym` files are read up front and parsed on first use.
import type { TraceSink } from "../sink.js";
import type { TraceDirectory } from "../source.js";
import { TraceError } from "../diagnostics.js";
import {
  lookupSymbol,
  parseSessionMap,
  parseSymFile,
  symFileName,
  symFilePathName,
  type ModuleMapping,
  type SymbolTable,
  type TaskLines,
} from "./symbols.js";

/** A symbol file's text, parsed on the first address looked up in its module. */
interface SymText {
  readonly text: string;
  table?: SymbolTable;
}

/** A module's symbol file in one trace: its name, its text, and whether a damaged table was said yet. */
interface SymFile {
  readonly file: string;
  readonly sym: SymText;
  said: boolean;
}

/** Symbol files that can never change (TraceDirectory.contentId), read and parsed once for every trace
 * that holds them: a campaign's runs of one program hold the same dozen, 140 KB of text a run for
 * examples/pool.c under uftrace, read and parsed again for each of 40 runs in a cold compare. */
const kept = new Map<string, SymText>();
let keptBytes = 0;
/** What `kept` holds at most (UTF-16 units of text; the parsed tables beside them are about as large); past
 * it, it starts again, and a larger file is not kept. */
const KEPT_MOST = 8 << 20;

async function symText(dir: TraceDirectory, file: string): Promise<SymText> {
  const id = dir.contentId?.(file);
  const known = id === undefined ? undefined : kept.get(id);
  if (known !== undefined) return known;
  const sym: SymText = { text: await dir.readText(file) };
  if (id !== undefined && sym.text.length <= KEPT_MOST) {
    if (keptBytes + sym.text.length > KEPT_MOST) {
      kept.clear();
      keptBytes = 0;
    }
    kept.set(id, sym);
    keptBytes += sym.text.length;
  }
  return sym;
}

export class SessionResolver {
  private unresolved = 0;
  private example = "";
  private readonly names: string[] = [];

  private constructor(
    private readonly dir: TraceDirectory,
    private readonly modules: ModuleMapping[],
    private readonly tables: Map<string, SymFile | null>,
    private readonly relative: boolean,
    private readonly sink: TraceSink,
    private readonly mapFile: string,
    private readonly exename: string,
  ) {}

  static async load(
    dir: TraceDirectory,
    sid: string,
    task: TaskLines,
    relative: boolean,
    sink: TraceSink,
  ): Promise<SessionResolver> {
    const mapFile = `sid-${sid}.map`;
    if (!(await dir.has(mapFile))) throw new TraceError({ kind: "missing-file", file: dir.name, needed: mapFile });
    const modules: ModuleMapping[] = parseSessionMap(await dir.readText(mapFile));
    for (const d of task.dlopens.filter((x) => x.sid === sid)) {
      modules.push({ start: d.base, end: Infinity, path: d.libname });
    }
    modules.sort((a, b) => a.start - b.start);
    // A dlopen'ed library ends where the next module starts.
    for (let i = 0; i < modules.length; i++) {
      if (modules[i].end === Infinity && i + 1 < modules.length)
        modules[i] = { ...modules[i], end: modules[i + 1].start };
    }
    const tables = new Map<string, SymFile | null>();
    const exename = task.sessions.find((s) => s.sid === sid)?.exename ?? "";
    const r = new SessionResolver(dir, modules, tables, relative, sink, `${dir.name}/${mapFile}`, exename);
    await r.loadTables();
    return r;
  }

  functionOf(address: number): number {
    const name = this.nameAt(address);
    const fn = this.sink.functionId(name);
    this.names[fn] = name;
    return fn;
  }

  nameOf(fn: number): string {
    return this.names[fn] ?? "";
  }

  reportUnresolved(): void {
    if (this.unresolved > 0) {
      this.sink.warn({ kind: "unresolved-address", file: this.mapFile, count: this.unresolved, example: this.example });
    }
  }

  private nameAt(address: number): string {
    const m = this.moduleOf(address);
    if (m) {
      const table = this.tableOf(m);
      const name = table ? lookupSymbol(table, this.relative ? address - m.start : address) : null;
      if (name) return name;
    }
    const hex = `0x${address.toString(16)}`;
    this.unresolved++;
    if (!this.example) this.example = hex;
    return hex;
  }

  private moduleOf(address: number): ModuleMapping | undefined {
    let found: ModuleMapping | undefined;
    for (const m of this.modules) {
      if (m.start > address) break;
      if (address < m.end) found = m;
    }
    return found;
  }

  /** The module's symbol table, parsed on its first lookup: a program's trace names a few of the libraries it
   * maps (a tiny trace's read parsed 4,300 lines of libc, libm and others it never called: about 5 ms of a
   * `varbench cct` of it). A damaged file is said when a lookup first needs it. */
  private tableOf(m: ModuleMapping): SymbolTable | null {
    const found = this.tables.get(m.path);
    if (!found) return null;
    const sym = found.sym;
    if (sym.table === undefined) sym.table = parseSymFile(sym.text);
    if (!found.said) {
      found.said = true;
      const table = sym.table;
      if (table.unreadLines > 0) {
        const detail = `${table.unreadLines} line(s) are not symbol lines (a hex address, a type letter, a name) and were left out, so addresses they would name show as numbers; the file looks damaged`;
        this.sink.warn({
          kind: "truncated",
          file: `${this.dir.name}/${found.file}`,
          byteOffset: table.firstUnreadAt,
          detail,
        });
      }
    }
    return sym.table;
  }

  /** `.sym` files are read up front (they are small) so lookups stay
   * synchronous. A module's table is the file whose `# path name:` header is
   * the module's path: when two modules share a file name, uftrace gives one
   * of them `<name>-<4 hex>.sym`, so the name alone can pick the wrong one. */
  private async loadTables(): Promise<void> {
    const symFiles = (await this.dir.list()).filter((f) => f.endsWith(".sym"));
    const texts = new Map(await Promise.all(symFiles.map(async (f) => [f, await symText(this.dir, f)] as const)));
    const byPath = new Map<string, string>();
    for (const [file, { text }] of texts) {
      const path = symFilePathName(text);
      if (path !== null && !byPath.has(path)) byPath.set(path, file);
    }
    for (const m of this.modules) {
      if (this.tables.has(m.path)) continue;
      const file = byPath.get(m.path) ?? (texts.has(symFileName(m.path)) ? symFileName(m.path) : undefined);
      this.tables.set(m.path, file === undefined ? null : { file, sym: texts.get(file)!, said: false });
    }
    if (this.exename && this.tables.get(this.exename) === null) {
      throw new TraceError({
        kind: "missing-file",
        file: this.dir.name,
        needed: `${symFileName(this.exename)}, the symbol table of the traced program`,
      });
    }
  }
}
