// What `varbench compare --fail-if-worse` may judge by (compare.ts's gate):
// here, apart, so that declaring the command (compareCommand.ts) loads nothing
// of running it.
export const STRATEGIES = ["verdict", "m-run", "c-pattern", "a-pattern", "means"] as const;
export type Strategy = (typeof STRATEGIES)[number];
