// Record-time options saved in `default.opts` that an analysis must re-apply
// (docs/formats.md): the time filter `-t`/`--time-filter` and the depth `-D`/`--depth`.

export interface RecordOptions {
  readonly timeFilterNs: number;
  readonly maxDepth: number;
}

const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };

export function parseDefaultOpts(text: string): RecordOptions {
  const words = text.split(/\s+/).filter(Boolean);
  let timeFilterNs = 0;
  let maxDepth = Infinity;
  for (let i = 0; i < words.length; i++) {
    const [flag, inline] = words[i].includes("=") ? words[i].split("=", 2) : [words[i], undefined];
    const value = () => inline ?? words[++i] ?? "";
    if (flag === "-t" || flag === "--time-filter") timeFilterNs = parseDuration(value());
    else if (flag.startsWith("-t") && flag.length > 2 && !flag.startsWith("--")) timeFilterNs = parseDuration(flag.slice(2));
    else if (flag === "-D" || flag === "--depth") maxDepth = Number(value());
    else if (flag.startsWith("-D") && flag.length > 2 && !flag.startsWith("--")) maxDepth = Number(flag.slice(2));
  }
  return { timeFilterNs, maxDepth: Number.isFinite(maxDepth) && maxDepth > 0 ? maxDepth : Infinity };
}

function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ns|us|ms|s)?$/.exec(text);
  if (!m) return 0;
  return Number(m[1]) * UNIT_NS[m[2] ?? "ns"];
}
