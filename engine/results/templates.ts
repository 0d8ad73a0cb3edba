// The command templates of a hyperfine parameter scan, read back from the
// commands it ran. hyperfine 1.15 writes the results of `-L n 1,2 'a {n}' 'b {n}'`
// as a 1, b 1, a 2, b 2: one group per parameter value, the commands in the
// order given within each group. So the k-th command of every group is one
// design; the groups tell where the parameters went: the template is the first
// group's command with parameter values put back as {name}, kept only if it
// gives every group's command exactly. Its design is named by the template's
// text without the placeholders ("./sorts merge {n}" → "./sorts merge"); when
// no template fits, by its position ("command-2"), and a warning says so.

export interface CommandInstance {
  readonly command: string;
  readonly parameters: Readonly<Record<string, string>>;
}

export interface TemplateDesign {
  readonly key: string;
  readonly hint: string;
  /** The template as hyperfine was given it, e.g. "./sorts merge {n}" (or the command itself). */
  readonly command: string;
}

type Token = string | { readonly key: string };

export function commandTemplates(results: readonly CommandInstance[]): {
  of: TemplateDesign[];
  unnamed: { position: number; name: string }[];
} {
  const groups = parameterGroups(results);
  const size = groups[0].length;
  const regular =
    groups.every((g) => g.length === size) && new Set(groups.map((g) => groupKey(g[0]))).size === groups.length;
  // An order other than hyperfine's: every command is a design of its own.
  if (!regular)
    return { of: results.map((r) => ({ key: r.command, hint: r.command, command: r.command })), unnamed: [] };
  const unnamed: { position: number; name: string }[] = [];
  const byPosition = Array.from({ length: size }, (_, k): TemplateDesign => {
    const tokens = templateOf(groups.map((g) => g[k]));
    if (tokens) {
      const text = tokens.map((t) => (typeof t === "string" ? t : `{${t.key}}`)).join("");
      const literal = tokens
        .filter((t): t is string => typeof t === "string")
        .join("")
        .replace(/\s+/g, " ")
        .trim();
      return { key: text, hint: literal, command: text };
    }
    const name = `command-${k + 1}`;
    unnamed.push({ position: k + 1, name });
    return { key: `#${k}`, hint: name, command: groups[0][k].command };
  });
  return { of: results.map((_, i) => byPosition[i % size]), unnamed };
}

const groupKey = (r: CommandInstance) => JSON.stringify(Object.entries(r.parameters));

/** Consecutive results with the same parameter values. */
function parameterGroups(results: readonly CommandInstance[]): CommandInstance[][] {
  const groups: CommandInstance[][] = [];
  for (const r of results) {
    const last = groups[groups.length - 1];
    if (last && groupKey(last[0]) === groupKey(r)) last.push(r);
    else groups.push([r]);
  }
  return groups;
}

function templateOf(instances: readonly CommandInstance[]): Token[] | null {
  const first = instances[0];
  if (instances.every((i) => i.command === first.command)) return [first.command];
  // Longer values first, so "10" is not read as "1" followed by "0".
  const values = Object.entries(first.parameters)
    .filter(([, v]) => v.length > 0)
    .sort((a, b) => b[1].length - a[1].length);
  if (values.length === 0) return null;
  const keyOf = new Map<string, string>();
  for (const [k, v] of values) if (!keyOf.has(v)) keyOf.set(v, k);
  const matches = [
    ...first.command.matchAll(
      new RegExp(values.map(([, v]) => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g"),
    ),
  ];
  // Every occurrence is a placeholder; else only one of them is; else all but one.
  const candidates = [matches, ...matches.map((m) => [m]), ...matches.map((m) => matches.filter((o) => o !== m))];
  for (const chosen of candidates) {
    const tokens: Token[] = [];
    let at = 0;
    for (const m of chosen) {
      tokens.push(first.command.slice(at, m.index), { key: keyOf.get(m[0])! });
      at = m.index + m[0].length;
    }
    tokens.push(first.command.slice(at));
    if (instances.every((i) => render(tokens, i.parameters) === i.command)) return tokens;
  }
  return null;
}

function render(tokens: readonly Token[], parameters: Readonly<Record<string, string>>): string {
  return tokens.map((t) => (typeof t === "string" ? t : (parameters[t.key] ?? `{${t.key}}`))).join("");
}
