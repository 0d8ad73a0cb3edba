// Seeded damage to a JSON document's structure, for the fuzz tests of readers
// of JSON (gcov, the results files): byte damage mostly ends at the parser,
// this reaches the checks behind it — a value of another type or at an
// extreme, a member or an element deleted, an element repeated, an array or
// object emptied.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values of every type, at the edges: negative, fractional, past 2⁵³ and 2⁶⁴, near the largest double, empty, long, nested deep. */
const ODD_VALUES: readonly Json[] = [
  null,
  true,
  false,
  0,
  -1,
  0.5,
  -0.0,
  2 ** 53 + 2,
  18446744073709551616,
  1.7976931348623157e308,
  -1e308,
  "",
  "x",
  "é😀\u0000",
  "9".repeat(400),
  "a".repeat(10_000),
  [],
  {},
  [[[[[[[[[[1]]]]]]]]]],
  { "": null },
];

export interface MutatedJson {
  readonly doc: unknown;
  /** The operations done and where, e.g. "set results[0].times[2]=-1". */
  readonly label: string;
}

/** One to three operations on a copy of `doc`, drawn from `random`. */
export function mutateJson(doc: unknown, random: () => number): MutatedJson {
  const copy = structuredClone(doc) as Json;
  const int = (n: number) => Math.floor(random() * n);
  const ops: string[] = [];
  for (let n = 1 + int(3); n > 0; n--) {
    const places = containers(copy, "");
    if (places.length === 0) break;
    const [where, parent] = places[int(places.length)];
    const keys: (string | number)[] = Array.isArray(parent) ? parent.map((_, i) => i) : Object.keys(parent);
    const kinds = Array.isArray(parent)
      ? ["set", "set", "set", "delete", "repeat", "empty"]
      : ["set", "set", "set", "delete", "empty"];
    const op = keys.length === 0 ? "set" : kinds[int(kinds.length)];
    const key = keys.length === 0 ? "extra" : keys[int(keys.length)];
    const at = `${where}${typeof key === "number" ? `[${key}]` : `.${key}`}`;
    const value = ODD_VALUES[int(ODD_VALUES.length)];
    if (op === "set") set(parent, key, structuredClone(value));
    else if (op === "delete") Array.isArray(parent) ? parent.splice(key as number, 1) : delete parent[key];
    else if (op === "repeat" && Array.isArray(parent))
      parent.splice(
        key as number,
        0,
        ...Array.from({ length: 1 + int(50) }, () => structuredClone(parent[key as number])),
      );
    else set(parent, key, Array.isArray(get(parent, key)) ? [] : {});
    ops.push(op === "set" ? `set ${at}=${JSON.stringify(value).slice(0, 20)}` : `${op} ${at}`);
  }
  return { doc: copy, label: ops.join(" ") };
}

/** Every array and object in the document, with its path. */
function containers(v: Json, path: string): [string, Json[] | { [key: string]: Json }][] {
  if (v === null || typeof v !== "object") return [];
  const inner = Array.isArray(v)
    ? v.flatMap((x, i) => containers(x, `${path}[${i}]`))
    : Object.entries(v).flatMap(([k, x]) => containers(x, `${path}.${k}`));
  return [[path, v], ...inner];
}

function get(parent: Json[] | { [key: string]: Json }, key: string | number): Json {
  return Array.isArray(parent) ? parent[key as number] : parent[key];
}

function set(parent: Json[] | { [key: string]: Json }, key: string | number, value: Json): void {
  if (Array.isArray(parent)) parent[key as number] = value;
  else parent[key] = value;
}
