// The versions of a project's history and their order (issue 33): every campaign measured one version
// (its label, runner/programVersion.ts), campaigns of one label are one version, and a campaign that
// recorded none stands for a version of its own. Versions are in the order first seen (the campaigns'
// order), except that those whose commits git knows are put in commit order among the places they hold.
import type { HistoryVersion } from "./series.js";

export interface CampaignVersion {
  readonly campaignId: number;
  readonly campaignName: string;
  readonly label: string | null;
  readonly commit: string | null;
  readonly dirty: boolean | null;
}

export interface OrderedVersions {
  readonly versions: readonly (HistoryVersion & { readonly campaigns: readonly number[] })[];
  /** Each campaign's version, an index into `versions`. */
  readonly versionOf: ReadonlyMap<number, number>;
  /** How they were ordered, in words. */
  readonly order: string;
}

/** `campaigns` in the order they were made; `position` gives a commit's place in git's topological order. */
export function orderVersions(
  campaigns: readonly CampaignVersion[],
  position: ReadonlyMap<string, number>,
): OrderedVersions {
  const byLabel = new Map<
    string,
    { label: string; commit: string | null; dirty: boolean | null; campaigns: number[] }
  >();
  for (const c of campaigns) {
    const label = c.label ?? `campaign-${c.campaignId}`;
    const v = byLabel.get(label);
    if (v) {
      v.campaigns.push(c.campaignId);
      // A dirty tree at any of its campaigns marks the version.
      if (c.dirty) v.dirty = true;
    } else byLabel.set(label, { label, commit: c.commit, dirty: c.dirty, campaigns: [c.campaignId] });
  }
  const seen = [...byLabel.values()];
  // The places held by versions git can order, refilled with those versions in commit order.
  const slots = seen.flatMap((v, i) => (v.commit !== null && position.has(v.commit) ? [i] : []));
  const byCommit = slots.map((i) => seen[i]).sort((a, b) => position.get(a.commit!)! - position.get(b.commit!)!);
  const versions = [...seen];
  slots.forEach((slot, k) => (versions[slot] = byCommit[k]));
  const versionOf = new Map<number, number>();
  versions.forEach((v, i) => v.campaigns.forEach((c) => versionOf.set(c, i)));
  const order =
    slots.length === 0
      ? "as first measured"
      : slots.length === versions.length
        ? "in commit order"
        : `in commit order where git knows the commit (${slots.length} of ${versions.length}), the others as first measured`;
  return { versions, versionOf, order };
}
