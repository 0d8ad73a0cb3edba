// The version of what every analysis reads, in its own file below the analyses and the runner, so
// that runs' kept products (timelineJobs.ts), made when a run is recorded or on first use, name it too.

/** Bumped when what every analysis reads changes its numbers (the readers, the CCT builder). */
export const ENGINE_VERSION = 1;
