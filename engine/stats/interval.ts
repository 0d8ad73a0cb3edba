// An interval of a statistic, shared by every estimate that has one.

export interface Interval {
  readonly low: number;
  readonly high: number;
}
