// Memory-leak classes by phase (paper 003 §5.2). The paper classifies objects
// by their first and last accesses; a function trace sees no accesses, only
// allocation and free, so an object's life stands for its use here:
//   phase-local: freed within the outer phase instance that allocated it;
//   global:      freed after it (in a later instance, between requests or in
//                the teardown), or allocated outside every instance (start-up,
//                between requests, teardown);
//   unfreed:     allocated in an instance and never freed.
// An instance runs from its request's start to where its request's work ends
// (segmentation.ts): the teardown is no part of the last one, as start-up is
// no part of the first.
// (Hibernating objects need accesses and cannot be told apart.) §5.2: "If a
// site allocates only phase-local objects during profiling, and if not all
// its objects are freed at the end a phase, it is likely that the remaining
// objects are memory leaks": a site whose freed objects are all phase-local,
// with objects left unfreed in more than one instance, is a likely leak. A
// site that frees none of its objects, yet allocates them in instance after
// instance, is reported apart as never freed: its objects' use is unknown
// (they may be kept on purpose), but a request's worth is lost each time.
import type { HeapObject } from "./allocations.js";

export interface ClassCount {
  readonly objects: number;
  readonly bytes: number;
}

export interface AllocationSite {
  /** The call chain, allocator first. */
  readonly site: string;
  readonly phaseLocal: ClassCount;
  readonly global: ClassCount;
  readonly unfreed: ClassCount;
  /** Outer instances in which it left an object unfreed. */
  readonly unfreedInstances: number;
  /** §5.2's rule: phase-local objects freed, others of the same site left behind. */
  readonly likelyLeak: boolean;
  /** No object of the site freed, objects left in more than one instance. */
  readonly neverFreed: boolean;
}

/** The outer instances' stretches [start, end], in order and disjoint. */
export type InstanceSpans = readonly (readonly [number, number])[];

/** The instance holding time t, or −1: outside every instance. */
function instanceAt(spans: InstanceSpans, t: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid][0] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && t <= spans[lo - 1][1] ? lo - 1 : -1;
}

/** Sites of the objects, by bytes left unfreed then by bytes allocated. */
export function classifySites(objects: readonly HeapObject[], spans: InstanceSpans): AllocationSite[] {
  const instanceOf = (t: number) => instanceAt(spans, t);
  const bySite = new Map<
    string,
    { local: [number, number]; global: [number, number]; unfreed: [number, number]; instances: Set<number> }
  >();
  for (const o of objects) {
    let s = bySite.get(o.site);
    if (!s) bySite.set(o.site, (s = { local: [0, 0], global: [0, 0], unfreed: [0, 0], instances: new Set() }));
    const a = instanceOf(o.allocated);
    const cls = a < 0 ? s.global : o.freed === null ? s.unfreed : instanceOf(o.freed) === a ? s.local : s.global;
    cls[0]++;
    cls[1] += o.bytes;
    if (a >= 0 && o.freed === null) s.instances.add(a);
  }
  const count = ([objects, bytes]: [number, number]): ClassCount => ({ objects, bytes });
  return [...bySite]
    .map(([site, s]) => ({
      site,
      phaseLocal: count(s.local),
      global: count(s.global),
      unfreed: count(s.unfreed),
      unfreedInstances: s.instances.size,
      likelyLeak: s.global[0] === 0 && s.local[0] > 0 && s.unfreed[0] > 0 && s.instances.size > 1,
      neverFreed: s.global[0] === 0 && s.local[0] === 0 && s.instances.size > 1,
    }))
    .sort(
      (x, y) =>
        y.unfreed.bytes - x.unfreed.bytes ||
        y.phaseLocal.bytes + y.global.bytes - (x.phaseLocal.bytes + x.global.bytes) ||
        x.site.localeCompare(y.site),
    );
}

/** Heap traffic of each outer instance: bytes its allocations took, bytes it freed, and the heap's
 * growth over it (§1: "the memory usage curve is a series of mini-segments with an identical shape"). */
export interface InstanceMemory {
  readonly allocatedBytes: number;
  readonly freedBytes: number;
  readonly growthBytes: number;
}

export function instanceMemory(objects: readonly HeapObject[], spans: InstanceSpans): InstanceMemory[] {
  const out = spans.map(() => ({ allocatedBytes: 0, freedBytes: 0 }));
  for (const o of objects) {
    const a = instanceAt(spans, o.allocated);
    if (a >= 0) out[a].allocatedBytes += o.bytes;
    if (o.freed !== null) {
      const f = instanceAt(spans, o.freed);
      if (f >= 0) out[f].freedBytes += o.bytes;
    }
  }
  return out.map((m) => ({ ...m, growthBytes: m.allocatedBytes - m.freedBytes }));
}
