// The VCG finding of a change point (papers 000/001; findings.ts): the dominant variance patterns of the
// runs before and of the runs after (each side's CCTs pooled), matched by signature, the pattern's root
// function and type and its back-edges (originator ⇠ underlier, 000 §3.1): what makes two patterns the
// same variance story. Patterns found on one side only appeared or vanished; the score is their share of
// both sides' variance mass (σ·N summed over the pattern as merged, the VIM that ranks patterns, 000 §4).
import { formatNs } from "../format/numbers.js";
import { cannotAnswer, shareOf, type HistoryFinding } from "./findings.js";

/** What a finding reads of a dominant variance result (variance/result.ts), nodes indexed by id. */
export interface VcgSide {
  readonly patterns: readonly { readonly root: number; readonly vim: number }[];
  readonly nodes: readonly {
    readonly id: number;
    readonly fname: string;
    readonly type: string;
    readonly children: readonly number[];
  }[];
  readonly segments: readonly { readonly nodes: readonly number[] }[];
}

export interface VcgPatternKey {
  readonly signature: string;
  /** "f (back-edges: f ⇠ g)". */
  readonly label: string;
  readonly vim: number;
}

/** Each pattern of a side with its signature; patterns of one signature (merged at another τ_S) add up. */
export function vcgSignatures(side: VcgSide): VcgPatternKey[] {
  const byId = new Map(side.nodes.map((n) => [n.id, n]));
  const out = new Map<string, VcgPatternKey>();
  for (const p of side.patterns) {
    const inside = new Set<number>();
    const stack = [p.root];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (inside.has(id)) continue;
      inside.add(id);
      stack.push(...(byId.get(id)?.children ?? []));
    }
    const root = byId.get(p.root);
    const edges = [
      ...new Set(
        side.segments
          .filter((s) => s.nodes.length > 0 && s.nodes.every((id) => inside.has(id)))
          .map((s) => `${byId.get(s.nodes[0])?.fname} ⇠ ${byId.get(s.nodes[s.nodes.length - 1])?.fname}`),
      ),
    ].sort();
    const head = `${root?.fname ?? "?"} [${root?.type ?? "?"}]`;
    const signature = [head, ...edges].join("\u0000");
    const label = `${root?.fname ?? "?"}${edges.length > 0 ? ` (back-edges: ${edges.join(", ")})` : " (no back-edge)"}`;
    const seen = out.get(signature);
    out.set(signature, { signature, label, vim: (seen?.vim ?? 0) + p.vim });
  }
  return [...out.values()];
}

export function vcgFinding(before: VcgSide, after: VcgSide): HistoryFinding {
  const a = vcgSignatures(before);
  const b = vcgSignatures(after);
  if (a.length === 0 && b.length === 0)
    return cannotAnswer(
      "vcg",
      "no VCG pattern before or after: no context's time varies enough between its calls to explain (000 §2)",
    );
  const inA = new Set(a.map((p) => p.signature));
  const inB = new Set(b.map((p) => p.signature));
  const appeared = b.filter((p) => !inA.has(p.signature));
  const vanished = a.filter((p) => !inB.has(p.signature));
  const mass = (ps: readonly VcgPatternKey[]) => ps.reduce((s, p) => s + p.vim, 0);
  const score = shareOf(mass(appeared) + mass(vanished), mass(a) + mass(b));
  const vim = (ns: number) => `σ·N ${formatNs(ns)}`;
  const details = [
    ...appeared.map((p) => `appeared: ${p.label}, ${vim(p.vim)}`),
    ...vanished.map((p) => `vanished: ${p.label}, ${vim(p.vim)}`),
    ...b
      .filter((p) => inA.has(p.signature))
      .map((p) => `on both sides: ${p.label}, ${vim(a.find((x) => x.signature === p.signature)!.vim)} → ${vim(p.vim)}`),
  ];
  if (appeared.length + vanished.length === 0)
    return {
      ...cannotAnswer(
        "vcg",
        `the same ${a.length} VCG pattern(s) before and after: no variance pattern appeared or vanished`,
      ),
      details,
    };
  const named = [
    appeared.length > 0 ? `appeared: ${appeared.map((p) => p.label).join("; ")}` : "",
    vanished.length > 0 ? `vanished: ${vanished.map((p) => p.label).join("; ")}` : "",
  ].filter((x) => x !== "");
  return {
    analysis: "vcg",
    summary: `VCG patterns ${named.join("; ")}: ${Math.round(score * 100)}% of both sides' variance mass (σ·N)`,
    details,
    score,
  };
}
