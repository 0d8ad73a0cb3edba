// The columns of a runs table.
import type { RunRow } from "../../../engine/api/types.js";
import type { Column } from "../shared/columns.js";
import { formatNs } from "../../../engine/format/numbers.js";

const ns = (v: number | null) => (v === null ? "—" : formatNs(v));

export const RUN_COLUMNS: readonly Column<RunRow>[] = [
  { key: "id", label: "run", text: (r) => String(r.id), sort: (r) => r.id, numeric: true, width: "4.5rem" },
  {
    key: "campaign",
    label: "campaign",
    text: (r) => (r.campaignId === null ? "—" : `#${r.campaignId}`),
    sort: (r) => r.campaignId ?? -1,
    width: "5.5rem",
  },
  { key: "design", label: "design", text: (r) => r.design ?? "—", width: "minmax(6rem, 1fr)" },
  { key: "workload", label: "workload", text: (r) => r.workload ?? "—", width: "minmax(6rem, 1fr)" },
  {
    key: "rep",
    label: "rep",
    text: (r) =>
      `${r.warmup ? "warm-up" : r.repetition === null ? "—" : String(r.repetition)}${r.role === "timing" ? " plain" : ""}`,
    sort: (r) => (r.warmup ? -1 : (r.repetition ?? -2)),
    width: "5.5rem",
    title: "the repetition; plain: the unprofiled timing run of a pair (the spec's timing)",
  },
  {
    key: "status",
    label: "status",
    text: (r) => (r.attempt > 1 ? `${r.status} (attempt ${r.attempt})` : r.status),
    width: "7.5rem",
  },
  {
    key: "wall",
    label: "wall",
    text: (r) => ns(r.wallNs),
    sort: (r) => r.wallNs ?? -1,
    numeric: true,
    width: "6.5rem",
  },
  {
    key: "user",
    label: "user",
    text: (r) => ns(r.userNs),
    sort: (r) => r.userNs ?? -1,
    numeric: true,
    width: "6.5rem",
  },
  {
    key: "rss",
    label: "max RSS",
    text: (r) => (r.peakRssKb === null ? "—" : `${(r.peakRssKb / 1024).toFixed(1)} MiB`),
    sort: (r) => r.peakRssKb ?? -1,
    numeric: true,
    width: "6.5rem",
  },
  {
    key: "node",
    label: "node",
    text: (r) => r.node ?? "",
    width: "5.5rem",
    title: "the Slurm node the run ran on (empty: this machine)",
  },
  {
    key: "cct",
    label: "CCT",
    text: (r) => (r.hasCct ? "yes" : ""),
    sort: (r) => (r.hasCct ? 1 : 0),
    width: "3.5rem",
    title: "the run holds a calling-context tree",
  },
  { key: "message", label: "message", text: (r) => r.message ?? "", width: "minmax(8rem, 2fr)" },
];
