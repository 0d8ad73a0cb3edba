// Varbench names for what other tools call commands and benchmarks. A name must
// follow campaign/names.ts (letters, digits, '.', '_', '-'; safe in targets such
// as design:3:<name>, URLs and file names), so the tool's words are cut down:
// every run of other characters becomes one '-', leading and trailing ones
// are dropped, and at most MAX_NAME_LENGTH characters are kept. Two different
// tool names that come out the same are told apart by "-2", "-3", … in the
// order the file lists them. The tool's own words stay with the design
// (variables) and with every run (environment).

/** Longer names are cut: a command line can be hundreds of characters. */
export const MAX_NAME_LENGTH = 64;

/** "./sorts merge" → "sorts-merge"; "BM_Sort<int>" → "BM_Sort-int"; "" → fallback. */
export function toName(text: string, fallback: string): string {
  const cut = text
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[^A-Za-z0-9]+$/, "");
  return cut.length > 0 ? cut : fallback;
}

/** Hands out one name per key: the same key always gets the same name, different keys never share one. */
export class NameTable {
  private readonly byKey = new Map<string, string>();
  private readonly taken = new Set<string>();
  /** Per base name, the suffix to try next: the ones below it are taken (taken only grows), so
   * thousands of tool names that come out the same are numbered in linear time, not quadratic. */
  private readonly nextSuffix = new Map<string, number>();

  /** A name given as it is (one the user chose). */
  reserve(key: string, name: string): void {
    this.byKey.set(key, name);
    this.taken.add(name);
  }

  name(key: string, hint: string, fallback: string): string {
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const base = toName(hint, fallback);
    let name = base;
    let i = this.nextSuffix.get(base) ?? 2;
    for (; this.taken.has(name); i++) name = `${base.slice(0, MAX_NAME_LENGTH - String(i).length - 1)}-${i}`;
    this.nextSuffix.set(base, i);
    this.byKey.set(key, name);
    this.taken.add(name);
    return name;
  }
}

/** The workload of results that name none: the file's name without folders and extension ("runs/two_sleeps.json" → "two_sleeps"). */
export function fileWorkloadName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return toName(base.replace(/\.json$/i, ""), "results");
}
