// One time unit per axis, chosen from the data, so ticks read "12.5 ms"
// rather than "12500000".

export interface TimeUnit {
  readonly label: string;
  readonly ns: number;
}

const UNITS: readonly TimeUnit[] = [
  { label: "s", ns: 1e9 },
  { label: "ms", ns: 1e6 },
  { label: "µs", ns: 1e3 },
  { label: "ns", ns: 1 },
];

/** Counts (instructions, line executions, calls) and KiB scaled by thousands: "12.5 M". */
const COUNT_UNITS: readonly TimeUnit[] = [
  { label: "G", ns: 1e9 },
  { label: "M", ns: 1e6 },
  { label: "k", ns: 1e3 },
  { label: "", ns: 1 },
];
const KIB_UNITS: readonly TimeUnit[] = [
  { label: "GiB", ns: 1024 * 1024 },
  { label: "MiB", ns: 1024 },
  { label: "KiB", ns: 1 },
];

/** The unit of an axis of a measure (campaign/measures.ts) of this typical value: its label and scale (the value of one unit). */
export function measureUnitFor(unit: "ns" | "KiB" | "count", typical: number): TimeUnit {
  if (unit === "ns") return unitFor(typical);
  const units = unit === "KiB" ? KIB_UNITS : COUNT_UNITS;
  return units.find((u) => Math.abs(typical) >= u.ns) ?? units[units.length - 1];
}

/** The largest unit in which the typical value is at least 1. */
export function unitFor(typicalNs: number): TimeUnit {
  return UNITS.find((u) => Math.abs(typicalNs) >= u.ns) ?? UNITS[UNITS.length - 1];
}
