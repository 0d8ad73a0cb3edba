// Numbers for people, shared by the reports, the charts, the command line and the interface: a
// duration with its unit, a measure's value in its unit, a ratio, a number for a table.

/** The units of a measure (campaign/measures.ts). */
export type MeasureUnit = "ns" | "KiB" | "count";

export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return "-";
  const a = Math.abs(ns);
  if (a >= 1e9) return `${(ns / 1e9).toFixed(3)} s`;
  if (a >= 1e6) return `${(ns / 1e6).toFixed(3)} ms`;
  if (a >= 1e3) return `${(ns / 1e3).toFixed(3)} us`;
  return `${ns.toFixed(0)} ns`;
}

/** A count as toLocaleString("en-US") writes it, 12,345,678, without asking ICU: the first
 * toLocaleString of a process sets up ICU's number formats, about 14 ms of CPU, a fifth of Node's
 * own start (issue 32). Other than a safe integer (a fraction, -0, NaN, ±Infinity, past 2^53) is
 * left to toLocaleString. */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** A value of a measure (campaign/measures.ts) in its unit: 1.234 ms, 512 KiB, 12,345,678. */
export function formatMeasure(unit: MeasureUnit, v: number | null): string {
  if (v === null || !Number.isFinite(v)) return "-";
  if (unit === "ns") return formatNs(v);
  if (unit === "KiB") return `${grouped(Math.round(v))} KiB`;
  return Math.abs(v) >= 100 ? grouped(Math.round(v)) : v.toPrecision(3);
}

/** A value of the metric (a measure, as its description gives it) in its unit. */
export function formatMetric(info: { readonly unit: MeasureUnit }, v: number | null): string {
  return formatMeasure(info.unit, v);
}

/** A ratio as people read it: 4.21, 1.037, 1.0012. */
export function formatRatio(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x < 0.01) return x.toPrecision(2);
  return x >= 10 ? x.toFixed(1) : x >= 1.1 || x < 0.9 ? x.toFixed(2) : x.toFixed(3);
}

/** A number for a table; "-" for none (a result read back from the cache holds null for NaN and ±Infinity). */
export function num(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return "-";
  return Math.abs(x) >= 1e5 || (Math.abs(x) < 1e-2 && x !== 0) ? x.toExponential(2) : x.toFixed(2);
}
