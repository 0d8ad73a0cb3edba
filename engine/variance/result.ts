// The plain result of dominant variance analysis: what the CLI prints, the
// API serves, the view draws and the exporters render. Node ids are in
// depth-first order over the prioritised patterns, as in the paper's figures.
import type { VarianceParameters } from "./parameters.js";
import type { VcgNodeType } from "./vcgTypes.js";
import type { RealTimeSummary } from "./realtime.js";

export interface VcgResultNode {
  readonly id: number;
  readonly fname: string;
  readonly type: VcgNodeType;
  readonly n: number;
  readonly meanNs: number;
  readonly varianceNs2: number;
  readonly cov: number;
  /** W = N·mean. */
  readonly weightNs: number;
  /** σ·N of this node (000 §4). */
  readonly vim: number;
  readonly ccs: readonly string[];
  /** The call chains (function names from the thread root) of the CCT contexts it stands for:
   * how a context picked elsewhere (a flame graph's frame) finds its node. */
  readonly chains: readonly (readonly string[])[];
  readonly parent: number | null;
  readonly children: readonly number[];
  readonly realTime: RealTimeSummary;
}

export interface VcgResultSegment {
  /** Node ids from the originator to the underlier. */
  readonly nodes: readonly number[];
  /** The originator's variance component [i] the back-edge targets: its call site (000 §3.1). */
  readonly component: number;
  /** Contribution fraction on the back-edge (000 §6.1). */
  readonly cf: number;
  readonly meanNs: number;
  readonly varianceNs2: number;
  readonly n: number;
}

export interface VcgResultPattern {
  readonly root: number;
  /** σ·N summed over the pattern as merged, before trimming: what orders the patterns (and what
   * β compares), 000 §4 "prioritized and trimmed". Patterns come in descending `vim`. */
  readonly vim: number;
  /** σ·N summed over the nodes shown, those left after trimming (≤ vim). */
  readonly shownVim: number;
  readonly nodes: number;
}

export interface ContributionRow {
  readonly target: readonly string[];
  readonly descendant: readonly string[];
  /** Only the descendant's own code contributes (it was implicitly inlined, its callees judged apart, 000 §2.2 scenario 2). */
  readonly ownCode: boolean;
  /** From the target's own covariance (a direct child), or measured by the confirmation pass (an inlined one). */
  readonly exact: boolean;
  /** Its self term over the target's variance, C_AA/σ² (000 §6.1). */
  readonly cf: number;
  /** Its part of its contributing set's variance (its row within the set, over σ²); null: in no set. */
  readonly share: number | null;
  /** The fraction of the target's variance its set explains; null: in no set. */
  readonly setFraction: number | null;
  /** In a contributing set (it has a back-edge). Unconfirmed rows were measured but are cancelled or not needed. */
  readonly confirmed: boolean;
}

export interface DetectionRow {
  readonly chain: readonly string[];
  readonly contexts: number;
  readonly n: number;
  readonly meanNs: number;
  readonly cov: number;
  readonly vim: number;
  readonly inPatternSet: boolean;
}

/** What time the analysed contexts hold (the host's choice, said with the result). */
export interface TimeBasis {
  /** uftrace: the time threads spent switched out left out of every call. */
  readonly onCpu: boolean;
  /** The tracer's own cost per recorded call taken out of every context's time, ns (0: the time
   * as recorded), and the part of it between a call's own records (CctOptions.toolCostInsideNs). */
  readonly toolCostNs: number;
  readonly toolCostInsideNs: number;
}

export interface DominantVarianceResult {
  readonly parameters: VarianceParameters;
  /** Null when the CCT was analysed as handed in, with no word on its time. `noTimeLeft`: the
   * contexts whose mean is ≤ 0 once the tracer's cost is out (their calls cost no more than the
   * tracer's own, or the cost given is too high), and the call chains of the most called. */
  readonly time:
    | (TimeBasis & { readonly noTimeLeft: { readonly count: number; readonly chains: readonly (readonly string[])[] } })
    | null;
  readonly cct: {
    readonly contexts: number;
    readonly significant: number;
    readonly highVariant: number;
    readonly totalNs: number;
  };
  /** Size of the base layer before any merging (000 Table 1, "initially extracted"). */
  readonly initial: { readonly nodes: number; readonly patterns: number };
  readonly patterns: readonly VcgResultPattern[];
  readonly nodes: readonly VcgResultNode[];
  readonly segments: readonly VcgResultSegment[];
  readonly contributions: readonly ContributionRow[];
  readonly detection: readonly DetectionRow[];
  /** Significant contexts whose child covariance was not kept (more children than the cap,
   * CctOptions.maxCovarianceChildren): their variance is not decomposed (000 §2), so no
   * contributor is looked for below them. */
  readonly covarianceOmitted: readonly { readonly chain: readonly string[]; readonly highVariant: boolean }[];
  /** Patterns rooted at one function that only their back-edges keep apart. */
  readonly keptApart: readonly KeptApartRow[];
}

/** Two patterns of one function whose trees overlay but whose back-edges do not: one has a
 * back-edge where the other has the nodes to carry it and none (MergeContributionStructure's
 * originating-segment check, 000 §6), so no τ_S merges them. What the split rests on: whether
 * that contribution passed the bar (minContribution, 000 §2) in one and not in the other. */
export interface KeptApartRow {
  readonly fname: string;
  /** The two patterns' root node ids, in the patterns' order. */
  readonly roots: readonly [number, number];
  readonly backEdges: readonly KeptApartEdge[];
}

export interface KeptApartEdge {
  /** Root id of the pattern that has the back-edge. */
  readonly in: number;
  /** Function names from its originator to its underlier. */
  readonly chain: readonly string[];
  /** Its contribution fraction there. */
  readonly cf: number;
  /** In the other pattern, the underlier's variance over the originator's, when the underlier runs
   * as often as the originator (its self term C_ii if once in every invocation, 000 §2: "G1 is
   * always invoked exactly once per invocation of F … C_11 = σ²_G1"); null otherwise. */
  readonly otherCf: number | null;
}

/** Detection patterns of a profiling input, evaluated on a regression input when one is given (001 §4). */
export interface PatternsResult {
  readonly label: string;
  readonly profiling: readonly DetectionRow[];
  readonly regression: {
    readonly label: string;
    readonly rows: readonly DetectionRow[];
    readonly overlap: number;
  } | null;
}
