// Text of the names that programs and files give (functions, workloads, features) in ECharts, the
// one way every chart writes it. ECharts shows a tooltip's formatter text as HTML (its
// TooltipHTMLContent sets innerHTML): a function named <img src=x onerror=alert(31)> became a real
// element in the phases timeline (only the CSP stopped its script). So every tooltip text is written
// with html`…`: the template's own markup (<br/>) is kept, every value put in it is escaped, braces
// too, since ECharts reads a string formatter as a template ({a}, {b}, {c}, {@dim} are replaced).
// Labels are drawn as text on the canvas, not HTML; a label that holds a name is given as
// labelText(…), a function, so that ECharts reads no template variable in it either.
// test/unit/chartText.test.ts checks both: no raw interpolation in a tooltip or a label of the
// chart builders (by their syntax), and no markup of a hostile name in any tooltip they make.

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "{": "&#123;",
  "}": "&#125;",
};

/** Text as HTML that shows it as it is, and that ECharts reads as no template variable. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'{}]/g, (c) => ENTITIES[c]);
}

/** A tooltip's HTML: the template's text as written (its markup), every interpolated value escaped. */
export function html(strings: TemplateStringsArray, ...values: readonly unknown[]): string {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += escapeHtml(String(values[i])) + strings[i + 1];
  return out;
}

/** A label's formatter that shows `text` as it is: a function, so ECharts replaces no {b} or {c} in it. */
export function labelText(text: string): () => string {
  return () => text;
}
