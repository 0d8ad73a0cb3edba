// What a timeline window is: per thread, the calls of at least a pixel as
// slices and the narrower ones merged into summaries (window.ts), and the
// context of one selected slice with its statistics in the run's CCT.

/** A call: its times (ns from the trace's base), depth (0: a thread's outermost calls), function and context
 * (the track's call chain, contextOf names it). `wait`: a scheduler wait (cct/frameKinds.ts), drawn shaded. */
export interface TimelineSlice {
  readonly startNs: number;
  readonly endNs: number;
  readonly depth: number;
  readonly fn: number;
  readonly context: number;
  readonly wait: boolean;
}

/** Calls narrower than a pixel at one depth, starting in one pixel column, merged: from the first's start to
 * the last's end, how many, their time together and the part of it that was scheduler waits. */
export interface TimelineSummary {
  readonly startNs: number;
  readonly endNs: number;
  readonly depth: number;
  readonly count: number;
  readonly totalNs: number;
  readonly waitNs: number;
}

export interface TimelineTrack {
  /** "pid/tid", the thread's name as the trace gave it (null: none). */
  readonly key: string;
  readonly pid: number;
  readonly tid: number;
  readonly name: string | null;
  /** Depths of the whole thread (not only the window's), its calls, and those open at its end. */
  readonly depths: number;
  readonly calls: number;
  readonly unclosed: number;
  readonly slices: readonly TimelineSlice[];
  readonly summaries: readonly TimelineSummary[];
}

/** A selected slice's context: its call chain from the thread's root, and that context's statistics in the
 * thread's calling-context tree (the rows `varbench cct --thread` gives); null where the CCT lacks it. */
export interface TimelineContext {
  readonly thread: string;
  readonly context: number;
  readonly path: readonly string[];
  readonly stats: ContextStats | null;
}

export interface ContextStats {
  readonly n: number;
  readonly meanNs: number;
  readonly stdNs: number;
  readonly cov: number;
  readonly minNs: number;
  readonly maxNs: number;
  readonly inclusiveNs: number;
  readonly selfNs: number;
}

export interface TimelineResult {
  readonly label: string;
  /** The whole trace's span, and the window shown with its resolution. */
  readonly spanStartNs: number;
  readonly spanEndNs: number;
  readonly fromNs: number;
  readonly toNs: number;
  readonly width: number;
  readonly pixelNs: number;
  readonly calls: number;
  readonly functions: readonly string[];
  readonly tracks: readonly TimelineTrack[];
  /** Whether the trace held scheduler waits (uftrace records them unless --no-event). */
  readonly waits: boolean;
  /** Each thread's clock leaves out its switched-out time (the on-CPU option): no waits, threads' times apart. */
  readonly onCpu: boolean;
  readonly selected: TimelineContext | null;
  readonly notes: readonly string[];
}
