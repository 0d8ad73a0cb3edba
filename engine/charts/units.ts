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

/** The largest unit in which the typical value is at least 1. */
export function unitFor(typicalNs: number): TimeUnit {
  return UNITS.find((u) => Math.abs(typicalNs) >= u.ns) ?? UNITS[UNITS.length - 1];
}
