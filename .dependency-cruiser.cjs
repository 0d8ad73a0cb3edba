// The layer rules of docs/style.md and the engine's layers, checked in CI. The engine has two
// orders: its pure folders at the bottom, then its host folders above them. An exception, were one
// needed, would be listed here by name with its reason, never silenced elsewhere; there is none.
// test/unit/layerRules.test.ts shows every rule refusing a bad import.

// Host folders of the engine, in order: a folder may import the ones before it
// (runner and analyses share a rank: neither imports the other) and the whole pure engine.
// The reader pool (pool/) reads traces in worker threads from files named to it: it needs io,
// never the workspace's store, so it sits between them.
const HOST_ORDER = [["io"], ["pool"], ["store"], ["ingest"], ["runner", "analyses"], ["api"], ["cli"]];
const HOST = HOST_ORDER.flat();
const folders = (names) => `^engine/(${names.join("|")})/`;
// Every other folder of engine/ is pure; a new one is, and is given its rank below.
const PURE = `^engine/(?!(${HOST.join("|")})/)[^/]+/`;

// The pure engine in order, from the bottom: a layer may import the ranks before it, never its own
// rank's other layers nor a rank after it (types included). A layer is a folder of engine/, or a
// folder inside one (cct/kernel), which its parent's layer then leaves out.
const PURE_ORDER = [
  // Imports nothing of the engine: the kinds of error and the API's error shape; numbers and text
  // for people; statistics; the WebAssembly ingestion kernel and its generated layout.
  ["errors", "format", "stats", "cct/kernel"],
  // The campaign model: specs, measures, the store's read models.
  ["campaign"],
  // Other tools' results files; design verdicts (ratios, their tests and their words).
  ["results", "verdict"],
  // Trace readers: they name a results file as such and fill batches in the kernel's layout.
  ["trace"],
  // The calling-context tree, built from a trace's events, and the measures each profiler gives.
  ["cct"],
  // The analyses (papers 000–004: variance, trend, phases, patterns) and flame graphs.
  ["variance", "trend", "patterns", "phases", "flame", "timeline", "history"],
  // Chart options for the interface and the reports.
  ["charts"],
  // Exporters: text, CSV, JSON, DOT and the campaign report.
  ["report"],
];
const RANKED = PURE_ORDER.flat();
/** A pure layer's modules: its folder, less the folders inside it that are layers of their own. */
const layer = (name) => {
  const inner = RANKED.filter((n) => n.startsWith(`${name}/`)).map((n) => n.slice(name.length + 1));
  return `^engine/${name}/${inner.length > 0 ? `(?!(${inner.join("|")})/)` : ""}`;
};
const UNRANKED = `^engine/(?!(${HOST.concat(RANKED.filter((n) => !n.includes("/"))).join("|")})/)[^/]+/`;

// npm packages the pure engine may use: computation and parsing, no I/O. ECharts (with zrender
// and tslib) builds chart options and, server-side, renders them to SVG strings for reports;
// fflate zips a report's CSV tables in memory.
const PURE_PACKAGES =
  "^node_modules/(simple-statistics|zod|yaml|ml-[a-z-]+|is-any-array|binary-search|cheminfo-types|fft\\.js|echarts|zrender|tslib|fflate)/";

/** One rule per layer of `order` with a rank after its own: it may import the ranks before its own
 * (`none` when there are none) and `also`, never its own rank's other layers nor a rank after it. */
const orderRules = (prefix, order, pathOf, none, also) =>
  order.flatMap((rank, i) =>
    rank.flatMap((name) => {
      const above = order
        .slice(i + 1)
        .flat()
        .concat(rank.filter((n) => n !== name));
      if (above.length === 0) return [];
      const below = order.slice(0, i).flat();
      return [
        {
          name: `${prefix}-${name.replace("/", "-")}`,
          comment: `engine/${name} may import ${below.length > 0 ? below.join(", ") : none} and ${also}, never ${above.join(", ")}.`,
          severity: "error",
          from: { path: pathOf(name) },
          to: { path: above.map(pathOf) },
        },
      ];
    }),
  );

module.exports = {
  forbidden: [
    {
      name: "pure-engine-stays-pure",
      comment:
        "Pure engine modules import only pure modules and pure packages: no Node built-ins, no Electron, no SQLite, no host module, not even for a type.",
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
    ...orderRules("pure-order", PURE_ORDER, layer, "no other layer of the pure engine", "the pure packages"),
    {
      name: "pure-folder-ranked",
      comment:
        "Every pure folder has its rank in PURE_ORDER: a new folder is placed in the order before it imports anything.",
      severity: "error",
      from: { path: UNRANKED },
      to: {},
    },
    {
      name: "pure-folder-ranked-imported",
      comment:
        "Every pure folder has its rank in PURE_ORDER: a new folder is placed in the order before anything imports it.",
      severity: "error",
      from: { path: "^engine/" },
      to: { path: UNRANKED },
    },
    ...orderRules("host-order", HOST_ORDER, (name) => folders([name]), "no host folder", "the pure engine"),
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
      comment:
        "The shell imports the engine's API and its errors (engine/errors, the API's error shape), nothing deeper.",
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
      // A cycle closed by a type-only import is none at run time: an analysis' steps take the type
      // of its arguments from the declaration that imports them lazily (engine/analyses/README.md).
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Built output (renderer/dist, electron/dist, dist/cli) is checked as its sources.
    exclude: { path: "(^|/)dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Packages that name their entry only in "exports" (ml-kmeans) resolve through it.
    enhancedResolveOptions: {
      extensions: [".ts", ".js", ".svelte"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
