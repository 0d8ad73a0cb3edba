// The layer rules of STYLE.md, checked in CI. Known exceptions are listed here
// with their reason, never silenced elsewhere.
const PURE = "^engine/(trace|cct|stats|variance|trend|phases|patterns|report)/";
// npm packages the pure engine may use: pure computation, no I/O.
const PURE_PACKAGES = "^node_modules/(simple-statistics)/";

module.exports = {
  forbidden: [
    {
      name: "pure-engine-stays-pure",
      comment: "Pure engine modules take no Node built-ins, no Electron, no SQLite, no host module.",
      severity: "error",
      from: { path: PURE },
      to: {
        pathNot: [PURE, PURE_PACKAGES],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "pure-engine-no-node-builtins",
      severity: "error",
      from: { path: PURE },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "renderer-only-api-and-pure",
      comment: "The renderer talks to the typed API and pure chart builders only.",
      severity: "error",
      from: { path: "^renderer/" },
      to: { path: "^(electron/|engine/(store|runner|host|cli)/)|better-sqlite3|^node:" },
    },
    {
      name: "renderer-no-electron",
      severity: "error",
      from: { path: "^renderer/" },
      to: { path: "electron" },
    },
    {
      name: "electron-only-api",
      comment: "The shell imports the engine's API and nothing deeper.",
      severity: "error",
      from: { path: "^electron/" },
      to: { path: "^engine/", pathNot: "^engine/api/" },
    },
    {
      name: "engine-never-imports-shells",
      severity: "error",
      from: { path: "^engine/" },
      to: { path: "^(electron|renderer|test)/" },
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
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".svelte"] },
  },
};
