// What phase detection gives (paper 003): plain data for the command line, the
// workbench and reports.
import type { LogicalTime } from "./callSequence.js";
import type { MarkerSelection } from "./markerSelection.js";
import type { Segmentation } from "./segmentation.js";
import type { AllocationSite, InstanceMemory } from "./leaks.js";

export interface PhaseRun {
  readonly runId: number;
  readonly workload: string | null;
  /** Requests in its input (f for the regular run, g for an irregular one). */
  readonly requests: number;
}

export interface PhaseMarkersResult extends MarkerSelection {
  readonly label: string;
  readonly logicalTime: LogicalTime;
  /** "ns" or "calls". */
  readonly unit: string;
  readonly regularRun: PhaseRun;
  readonly irregularRuns: readonly PhaseRun[];
  readonly notes: readonly string[];
}

/** One way of cutting a run into phases, scored as §4.4 does: the CoV of a behaviour metric among
 * each phase's instances (lower: more consistent), with its lowest, mean and highest over the phases. */
export interface PhaseMethodScore {
  readonly method: "behaviour" | "interval" | "procedure";
  /** How the method was set up, for people: "3 inner phases", "21 intervals in 3 clusters", "procedures over 5% …". */
  readonly setup: string;
  readonly phases: readonly { readonly name: string; readonly instances: number; readonly cov: number }[];
  readonly min: number;
  readonly mean: number;
  readonly max: number;
}

export interface PhaseComparison {
  /** The behaviour metric: calls made per millisecond (a function trace's stand-in for the paper's IPC). */
  readonly metric: string;
  readonly methods: readonly PhaseMethodScore[];
}

export interface PhaseSegmentsResult extends Segmentation {
  readonly label: string;
  readonly runId: number;
  readonly logicalTime: LogicalTime;
  readonly unit: string;
  readonly markers: { readonly outer: string | null; readonly inner: readonly string[] };
  /** §4.4's comparison with interval and procedure phases (time only: it needs rates); null otherwise. */
  readonly comparison: PhaseComparison | null;
  /** Its heap objects' sites in leak classes (§5.2), when the run recorded its allocations; null otherwise. */
  readonly leaks: {
    readonly objects: number;
    readonly sites: readonly AllocationSite[];
    readonly perInstance: readonly InstanceMemory[];
  } | null;
  /** The run's span in logical time, and its calls. */
  readonly span: { readonly start: number; readonly end: number; readonly calls: number };
  readonly notes: readonly string[];
}
