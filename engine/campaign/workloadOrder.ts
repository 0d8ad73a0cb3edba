// One order of workloads everywhere (tables, charts, the command line, reports,
// JSON arrays): by their numeric features — those that differ between them,
// in the order the workloads declare them — then by the natural order of
// their names, so n-16 comes before n-128 and n-1024, never after as text.

export interface OrderedWorkload {
  readonly name: string;
  readonly features: Readonly<Record<string, number>>;
}

/** Made at the first comparison: setting up ICU's collation costs about 10 ms of CPU, which every
 * command that loads this module (with the workspace store) would pay at its start (issue 32 item 1). */
let collator: Intl.Collator | null = null;

/** Names with their digit runs compared as numbers ("n-16" < "n-128"), ties broken by code units. */
export function naturalCompare(a: string, b: string): number {
  collator ??= new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Feature by feature in the order given; a workload that has a feature comes before one that has not. */
export function compareWorkloads(
  a: OrderedWorkload,
  b: OrderedWorkload,
  keys: readonly string[] = [...new Set([...Object.keys(a.features), ...Object.keys(b.features)])],
): number {
  for (const k of keys) {
    const x = a.features[k];
    const y = b.features[k];
    const hasX = typeof x === "number" && Number.isFinite(x);
    const hasY = typeof y === "number" && Number.isFinite(y);
    if (hasX !== hasY) return hasX ? -1 : 1;
    if (hasX && x !== y) return x - y;
  }
  return naturalCompare(a.name, b.name);
}

/** The features that tell the workloads apart first, in the order the workloads declare them (a
 * feature all share, such as a constant seed, orders nothing), then the others. */
function featureOrder(workloads: readonly OrderedWorkload[]): string[] {
  const keys = [...new Set(workloads.flatMap((w) => Object.keys(w.features)))];
  const varies = (k: string) => new Set(workloads.map((w) => w.features[k])).size > 1;
  return [...keys.filter(varies), ...keys.filter((k) => !varies(k))];
}

export function orderWorkloads<T extends OrderedWorkload>(workloads: readonly T[]): T[] {
  const keys = featureOrder(workloads);
  return [...workloads].sort((a, b) => compareWorkloads(a, b, keys));
}

/** Names in workload order, given each name's features (a name without any sorts by name alone). */
export function orderWorkloadNames(
  names: readonly string[],
  featuresOf: (name: string) => Readonly<Record<string, number>> | undefined,
): string[] {
  return orderWorkloads(names.map((name) => ({ name, features: featuresOf(name) ?? {} }))).map((w) => w.name);
}
