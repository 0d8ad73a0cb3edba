// The messages between the reader pool and its workers: plain data only.
import type { RunTimelines, TimelinesJob } from "./runTimelines.js";

export interface ReaderRequest {
  readonly id: number;
  readonly job: TimelinesJob;
}

export interface ReaderFailure {
  readonly message: string;
  /** The user's to act on (a damaged or missing trace): the run is left out and named; otherwise a bug. */
  readonly user: boolean;
}

/** A job's answer; or, once, that the reader has started and takes jobs. */
export type ReaderReply =
  | { readonly id: number; readonly result: RunTimelines }
  | { readonly id: number; readonly error: ReaderFailure }
  | { readonly ready: true };

/** A job's answer on the pool's side: the run's timelines, or why its trace could not be read. */
export type Settled =
  { readonly ok: true; readonly value: RunTimelines } | { readonly ok: false; readonly error: Error };
