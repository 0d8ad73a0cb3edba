// A trend's model as text (paper 002 ch. 2): the chosen model with its coefficients, a fixed cost
// plus a powerlaw, and the exponent with its interval; the reports and the charts say them alike.
import type { FeatureFit } from "./bbTrendProf.js";
import { num } from "../format/numbers.js";

/** An exponent to two places, never "-0.00". */
export const exponent = (b: number) => (Math.abs(b) < 0.005 ? "0.00" : b.toFixed(2));

/** "2.89·n^2.00", "12.00 + 8.03·n", "1323.65 − 0.49·n" or "1.34e+05 + 6.15·n^2.00": the chosen model. */
export function modelText(f: Pick<FeatureFit, "model" | "power" | "linear" | "offset" | "feature">): string {
  if (f.model === "power") return `${num(f.power.a)}·${f.feature}^${exponent(f.power.b)}`;
  if (f.model === "offset" && f.offset) return offsetText(f);
  return `${num(f.linear.a)} ${f.linear.b < 0 ? "−" : "+"} ${num(Math.abs(f.linear.b))}·${f.feature}`;
}

/** A fixed cost plus a powerlaw: "1.34e+05 + 6.15·n^2.00" ("-" when it was not fitted). */
export function offsetText(f: Pick<FeatureFit, "offset" | "feature">): string {
  const o = f.offset;
  return o && o.a !== null ? `${num(o.a)} + ${num(o.b)}·${f.feature}^${exponent(o.c)}` : "-";
}

/** The chosen model's exponent with its 95% interval: "1.99 (1.96 … 2.01)"; a line's is 1 by its form. */
export function exponentText(f: Pick<FeatureFit, "model" | "exponent">): string {
  if (f.model === "linear") return "1 (linear)";
  const i = f.exponent.interval;
  return `${exponent(f.exponent.value)}${i && i.low !== null && i.high !== null ? ` (${num(i.low)} … ${num(i.high)})` : ""}`;
}
