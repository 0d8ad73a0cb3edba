// The layer rules of docs/style.md and the engine's host layers, checked in CI.
// Known exceptions are listed here by name with their reason, never silenced
// elsewhere. test/unit/layerRules.test.ts shows each rule refusing a bad import.

// Host folders of the engine, in order: a folder may import the ones before it
// (runner and analyses share a rank: neither imports the other). Every other
// folder of engine/ is pure (trace, cct, stats, variance, campaign, report, …).
const HOST_ORDER = [["io"], ["store"], ["ingest"], ["runner", "analyses"], ["api"], ["cli"]];
const HOST = HOST_ORDER.flat();
const folders = (names) => `^engine/(${names.join("|")})/`;
const PURE = `^engine/(?!(${HOST.join("|")})/)[^/]+/`;
// npm packages the pure engine may use: computation and parsing, no I/O. ECharts (with zrender
// and tslib) builds chart options and, server-side, renders them to SVG strings for reports;
// fflate zips a report's CSV tables in memory.
const PURE_PACKAGES = "^node_modules/(simple-statistics|zod|yaml|ml-[a-z-]+|is-any-array|binary-search|cheminfo-types|fft\\.js|echarts|zrender|tslib|fflate)/";

const hostOrder = HOST_ORDER.flatMap((rank, i) =>
  rank.map((folder) => {
    const above = HOST_ORDER.slice(i + 1).flat().concat(rank.filter((f) => f !== folder));
    return {
      name: `host-order-${folder}`,
      comment: `engine/${folder} may import ${HOST_ORDER.slice(0, i).flat().join(", ") || "no host folder"} and the pure engine, never ${above.join(", ")}.`,
      severity: "error",
      from: { path: folders([folder]) },
      to: { path: folders(above) },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: "pure-engine-stays-pure",
      comment: "Pure engine modules import only pure modules and pure packages: no Node built-ins, no Electron, no SQLite, no host module, not even for a type.",
      severity: "error",
      from: { path: PURE },
      to: { pathNot: [PURE, PURE_PACKAGES] },
    },
    {
      name: "pure-engine-no-node-builtins",
      severity: "error",
      from: { path: PURE },
      to: { dependencyTypes: ["core"] },
    },
    ...hostOrder,
    {
      name: "renderer-only-api-and-pure",
      comment: "The renderer talks to the typed API and pure chart builders only.",
      severity: "error",
      from: { path: "^renderer/" },
      to: { path: `^(electron/|${folders(HOST.filter((f) => f !== "api"))})|better-sqlite3|^node:` },
    },
    {
      name: "renderer-no-electron",
      severity: "error",
      from: { path: "^renderer/" },
      to: { path: "electron" },
    },
    {
      name: "electron-only-api",
      comment: "The shell imports the engine's API and its errors (engine/errors, the API's error shape), nothing deeper.",
      severity: "error",
      from: { path: "^electron/" },
      to: { path: "^engine/", pathNot: "^engine/(api|errors)/" },
    },
    {
      name: "engine-never-imports-shells",
      severity: "error",
      from: { path: "^engine/" },
      to: { path: "^(electron|renderer|test|bench)/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Built output (renderer/dist, electron/dist, dist/cli) is checked as its sources.
    exclude: { path: "(^|/)dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Packages that name their entry only in "exports" (ml-kmeans) resolve through it.
    enhancedResolveOptions: { extensions: [".ts", ".js", ".svelte"], exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
