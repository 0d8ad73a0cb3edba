// The Phases view's tables (shared/VirtualTable.svelte renders only the rows in
// view): every candidate marker with its counts in the regular and irregular
// runs, its recurring distances and its verdict (003 Figure 4); the campaign's
// traced runs with their part in active profiling (§3.1); and the allocation
// sites in §5.2's leak classes.
import type { Column } from "../shared/columns.js";
import type { Candidate } from "../../../engine/phases/markerSelection.js";
import type { PhaseMarkersResult } from "../../../engine/phases/result.js";
import type { AllocationSite } from "../../../engine/phases/leaks.js";
import type { RunRow } from "../../../engine/api/types.js";
import { formatNs } from "../../../engine/format/numbers.js";
import { classText, lengthText, leakText, markerRole, verdictStep, verdictWords } from "./phaseText.js";
import type { RunRole } from "./phaseRuns.js";

export interface CandidateRow {
  readonly index: number;
  readonly c: Candidate;
}

/** Candidates in the order they first ran in the regular run, the order of a request's stages. */
export const candidateRows = (r: PhaseMarkersResult): CandidateRow[] =>
  r.candidates.map((c, index) => ({ index, c })).sort((a, b) => a.c.first - b.c.first || a.index - b.index);

/** The marker cell's tooltip begins with these: MarkerTable.svelte highlights the markers' rows by it. */
export const MARKER_HINT = { outer: "outer marker", inner: "inner marker" } as const;

/** A column at least `min` wide and wide enough for its label and the sort arrow (" ↓"): a run's id
 * and its count of requests make headers of any length ("run 12345 (g = 17)"). 0.6 em a character
 * is the bold sans-serif header's widest run of digits and spaces (measured: "run 149 (g = 5)" is
 * 8 em at 15 px), 1.3 em the arrow and its space. */
const fitLabel = (label: string, min: string) => `max(${min}, ${(0.6 * label.length + 1.3).toFixed(1)}em)`;

export function candidateColumns(r: PhaseMarkersResult): Column<CandidateRow>[] {
  const role = (c: Candidate) => markerRole(c);
  const marker = (c: Candidate) => {
    const x = role(c);
    return x.outer ? "◆ outer" : x.inner ? "◇ inner" : "";
  };
  const hint = (c: Candidate) => {
    const x = role(c);
    return x.outer
      ? `${MARKER_HINT.outer}${x.inner ? " and inner marker" : ""}: the first candidate left after step 2 begins each request (003 §3.2)`
      : x.inner
        ? `${MARKER_HINT.inner}: followed by a long computation (003 §3.2 step 3)`
        : "not a marker";
  };
  return [
    {
      key: "marker",
      label: "marker",
      text: (x) => marker(x.c),
      sort: (x) => (role(x.c).outer ? 2 : role(x.c).inner ? 1 : 0),
      hint: (x) => hint(x.c),
      width: "5.5rem",
    },
    { key: "name", label: "function", text: (x) => x.c.name, width: "minmax(9rem, 0.8fr)" },
    {
      key: "f",
      label: `run ${r.regularRun.runId} (f)`,
      text: (x) => String(x.c.count),
      sort: (x) => x.c.count,
      numeric: true,
      width: fitLabel(`run ${r.regularRun.runId} (f)`, "5rem"),
      title: `runs in the regular run ${r.regularRun.runId} of f = ${r.requests} identical requests (step 1: exactly f)`,
    },
    ...r.irregularRuns.map((run, k): Column<CandidateRow> => ({
      key: `g${k}`,
      label: `run ${run.runId} (g = ${run.requests})`,
      text: (x) => String(x.c.irregular[k] ?? "—"),
      sort: (x) => x.c.irregular[k] ?? -1,
      numeric: true,
      width: fitLabel(`run ${run.runId} (g = ${run.requests})`, "7.5rem"),
      title: `runs in the irregular run ${run.runId}${run.workload ? ` (${run.workload})` : ""} of g = ${run.requests} requests (step 2b: exactly g)`,
    })),
    {
      key: "mean",
      label: "mean distance",
      text: (x) => lengthText(x.c.meanDistance, r.unit),
      sort: (x) => x.c.meanDistance,
      numeric: true,
      width: "8.5rem",
      title: "mean of its f − 1 recurring distances in the regular run (step 2a)",
    },
    {
      key: "sigma",
      label: "σ",
      text: (x) => lengthText(x.c.sigmaDistance, r.unit),
      sort: (x) => x.c.sigmaDistance,
      numeric: true,
      width: "7.5rem",
      title: "standard deviation of its recurring distances (step 2a)",
    },
    {
      key: "long",
      label: "long gap",
      text: (x) => `${Math.round(100 * x.c.longGapShare)}%`,
      sort: (x) => x.c.longGapShare,
      numeric: true,
      width: "5.5rem",
      title:
        "share of its runs in the regular input's requests followed by a long computation before the next candidate or the request's end (step 3: inner markers over 50%)",
    },
    {
      key: "verdict",
      label: "verdict",
      text: (x) => verdictWords(x.c),
      hint: (x) => `${verdictWords(x.c)} — ${verdictStep(x.c)}`,
      width: "minmax(20rem, 3fr)",
    },
  ];
}

/** The runs one can cut into phases: id, input, part in active profiling, status, wall time. */
export function runColumns(roles: ReadonlyMap<number, RunRole>): Column<RunRow>[] {
  const role = (r: RunRow) => roles.get(r.id);
  return [
    { key: "id", label: "run", text: (r) => String(r.id), sort: (r) => r.id, numeric: true, width: "4rem" },
    { key: "design", label: "design", text: (r) => r.design ?? "—", width: "minmax(5rem, 1fr)" },
    { key: "workload", label: "workload", text: (r) => r.workload ?? "—", width: "minmax(6rem, 1.2fr)" },
    {
      key: "role",
      label: "input",
      text: (r) => {
        const x = role(r);
        return x ? `${x.role}, ${x.role === "regular" ? "f" : "g"} = ${x.requests}` : "—";
      },
      width: "minmax(8rem, 1fr)",
      title:
        "regular: f identical requests; irregular: g real ones (003 §3.1); other runs are cut by the same markers (§4.2)",
    },
    { key: "status", label: "status", text: (r) => r.status, width: "6.5rem" },
    {
      key: "wall",
      label: "wall",
      text: (r) => (r.wallNs === null ? "—" : formatNs(r.wallNs)),
      sort: (r) => r.wallNs ?? -1,
      numeric: true,
      width: "7rem",
    },
  ];
}

export interface SiteRow {
  readonly index: number;
  readonly s: AllocationSite;
}

export const siteRows = (sites: readonly AllocationSite[]): SiteRow[] => sites.map((s, index) => ({ index, s }));

/** §5.2's sample report as columns: the site's call chain, then its objects per class as objects / bytes. */
export const SITE_COLUMNS: readonly Column<SiteRow>[] = [
  { key: "site", label: "allocation site (allocator first)", text: (x) => x.s.site, width: "minmax(14rem, 2fr)" },
  {
    key: "local",
    label: "phase-local",
    text: (x) => classText(x.s.phaseLocal),
    sort: (x) => x.s.phaseLocal.bytes,
    numeric: true,
    width: "9rem",
    title: "freed within the outer instance that allocated them: objects / bytes",
  },
  {
    key: "global",
    label: "global",
    text: (x) => classText(x.s.global),
    sort: (x) => x.s.global.bytes,
    numeric: true,
    width: "9rem",
    title: "freed in a later instance, or allocated at start-up: objects / bytes",
  },
  {
    key: "unfreed",
    label: "unfreed",
    text: (x) => classText(x.s.unfreed),
    sort: (x) => x.s.unfreed.bytes,
    numeric: true,
    width: "9rem",
    title: "never freed: objects / bytes",
  },
  {
    key: "instances",
    label: "instances",
    text: (x) => (x.s.unfreedInstances === 0 ? "—" : String(x.s.unfreedInstances)),
    sort: (x) => x.s.unfreedInstances,
    numeric: true,
    width: "6rem",
    title: "outer instances that left an object of this site unfreed",
  },
  {
    key: "leak",
    label: "leak",
    text: (x) => leakText(x.s),
    sort: (x) => (x.s.likelyLeak ? 2 : x.s.neverFreed ? 1 : 0),
    width: "minmax(13rem, 1fr)",
    title:
      "§5.2's likely leak: its freed objects all phase-local, others left behind in more than one instance; never freed: none of its objects freed, left in more than one instance (kept on purpose, or lost each request)",
  },
];
