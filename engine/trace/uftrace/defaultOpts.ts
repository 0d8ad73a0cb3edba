// Record-time options saved in `default.opts` that an analysis must re-apply
// (docs/formats.md): the time filter `-t`/`--time-filter` and the depth `-D`/`--depth`.

export interface RecordOptions {
  readonly timeFilterNs: number;
  readonly maxDepth: number;
  /** Values of -t or -D that are no time or depth (uftrace refuses them, so the file was edited or damaged). */
  readonly unread: readonly string[];
}

const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };

export function parseDefaultOpts(text: string): RecordOptions {
  const words = text.split(/\s+/).filter(Boolean);
  let timeFilterNs = 0;
  let maxDepth = Infinity;
  const unread: string[] = [];
  const time = (flag: string, text: string) => {
    const ns = parseDuration(text);
    if (Number.isNaN(ns)) unread.push(`${flag} ${text}`);
    else timeFilterNs = ns;
  };
  const depth = (flag: string, text: string) => {
    if (/^\d+$/.test(text) && Number(text) > 0) maxDepth = Number(text);
    else unread.push(`${flag} ${text}`);
  };
  for (let i = 0; i < words.length; i++) {
    const [flag, inline] = words[i].includes("=") ? words[i].split("=", 2) : [words[i], undefined];
    const value = () => inline ?? words[++i] ?? "";
    if (flag === "-t" || flag === "--time-filter") time(flag, value());
    else if (flag.startsWith("-t") && flag.length > 2 && !flag.startsWith("--")) time("-t", flag.slice(2));
    else if (flag === "-D" || flag === "--depth") depth(flag, value());
    else if (flag.startsWith("-D") && flag.length > 2 && !flag.startsWith("--")) depth("-D", flag.slice(2));
  }
  return { timeFilterNs, maxDepth, unread };
}

/** uftrace's time units (`-t 10us`); NaN for anything else. */
function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ns|us|ms|s)?$/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * UNIT_NS[m[2] ?? "ns"];
}
