// The one time base of a recording: every thread's and every scheduler
// event's time is kept as its difference from it (whole nanoseconds, exact in
// a double), set by the first time read, whichever file holds it.

export interface TimeBase {
  hi: number;
  lo: number;
  set: boolean;
}
