// The version reports and exports name, so a reader knows what made them
// (kept equal to package.json's by a unit test: the bundles carry no package.json).
export const VARBENCH_VERSION = "0.1.0";
