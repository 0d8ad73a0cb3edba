// Rows of plain values as CSV (RFC 4180 quoting), header from the first row's keys. A text cell a
// spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return first: OWASP's
// "CSV injection") is written with a ' before it, which spreadsheets show as text; numbers stay
// numbers, and a text that is a number ("-1.5") is left as it is.

export function toCsv<T extends object>(rows: readonly T[]): string {
  if (rows.length === 0) return "";
  const keys = Object.keys(rows[0]);
  const value = (v: unknown) =>
    v === null || v === undefined
      ? ""
      : typeof v === "object"
        ? JSON.stringify(v)
        : typeof v === "string"
          ? csvSafe(v)
          : String(v);
  return [
    keys.map((k) => csvField(csvSafe(k))).join(","),
    ...rows.map((r) => keys.map((k) => csvField(value((r as Record<string, unknown>)[k]))).join(",")),
  ].join("\n");
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A text value for a cell: one a spreadsheet would take for a formula gets a ' first. */
export function csvSafe(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** A cell's text as a CSV field: quoted when it holds a quote, a comma or a line break. */
export function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
