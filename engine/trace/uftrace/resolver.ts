// Address → function id for one uftrace session. Module bases come from the
// session's `sid-*.map`, plus `DLOP … base=` lines for dlopen'ed libraries
// that the map cannot list; `.sym` tables are read on first use.
import type { TraceSink } from "../sink.js";
import type { TraceDirectory } from "../source.js";
import { TraceError } from "../diagnostics.js";
import { lookupSymbol, parseSessionMap, parseSymFile, symFileName, type ModuleMapping, type SymbolTable, type TaskLines } from "./symbols.js";

interface Module extends ModuleMapping {
  table?: SymbolTable | null;
}

export class SessionResolver {
  private unresolved = 0;
  private example = "";
  private readonly names: string[] = [];

  private constructor(
    private readonly dir: TraceDirectory,
    private readonly modules: Module[],
    private readonly tables: Map<string, SymbolTable | null>,
    private readonly relative: boolean,
    private readonly sink: TraceSink,
    private readonly mapFile: string,
    private readonly exename: string,
  ) {}

  static async load(dir: TraceDirectory, sid: string, task: TaskLines, relative: boolean, sink: TraceSink): Promise<SessionResolver> {
    const mapFile = `sid-${sid}.map`;
    if (!(await dir.has(mapFile))) throw new TraceError({ kind: "missing-file", file: dir.name, needed: mapFile });
    const modules: Module[] = parseSessionMap(await dir.readText(mapFile));
    for (const d of task.dlopens.filter((x) => x.sid === sid)) {
      modules.push({ start: d.base, end: Infinity, path: d.libname });
    }
    modules.sort((a, b) => a.start - b.start);
    // A dlopen'ed library ends where the next module starts.
    for (let i = 0; i < modules.length; i++) {
      if (modules[i].end === Infinity && i + 1 < modules.length) modules[i] = { ...modules[i], end: modules[i + 1].start };
    }
    const tables = new Map<string, SymbolTable | null>();
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
      const table = this.tables.get(m.path);
      const name = table ? lookupSymbol(table, this.relative ? address - m.start : address) : null;
      if (name) return name;
    }
    const hex = `0x${address.toString(16)}`;
    this.unresolved++;
    if (!this.example) this.example = hex;
    return hex;
  }

  private moduleOf(address: number): Module | undefined {
    let found: Module | undefined;
    for (const m of this.modules) {
      if (m.start > address) break;
      if (address < m.end) found = m;
    }
    return found;
  }

  /** `.sym` files are read up front (they are small) so lookups stay synchronous. */
  private async loadTables(): Promise<void> {
    const files = new Set(await this.dir.list());
    for (const m of this.modules) {
      if (this.tables.has(m.path)) continue;
      const sym = symFileName(m.path);
      const candidates = [...files].filter((f) => f === sym || (f.endsWith(`-${sym}`) && f.length > sym.length));
      this.tables.set(m.path, candidates.length > 0 ? parseSymFile(await this.dir.readText(candidates[0])) : null);
    }
    if (this.exename && this.tables.get(this.exename) === null) {
      throw new TraceError({ kind: "missing-file", file: this.dir.name, needed: `${symFileName(this.exename)}, the symbol table of the traced program` });
    }
  }
}
