// Types of electronDist.mjs, for the tests that import it.
export declare function findElectronDist(
  root: string,
  platform?: NodeJS.Platform,
  arch?: string,
): { path: string | null; why: string };
