// The version of what every analysis reads, in its own file so that what runAnalysis.ts's callers
// use (runTimelines.ts's kept timelines) can name it without importing the analysis runner.

/** Bumped when what every analysis reads changes its numbers (the readers, the CCT builder). */
export const ENGINE_VERSION = 1;
