// Test ids of the renderer, imported by the end-to-end tests (docs/style.md), so a
// renamed id breaks the build of the tests, not silently their selectors.

export const TID = {
  nav: { home: "nav-home", runs: "nav-runs", compare: "nav-compare", workspace: "nav-workspace" },
  home: { projects: "home-projects", project: "home-project", campaigns: "home-campaigns" },
  project: { workloads: "project-workloads", designs: "project-designs", campaigns: "project-campaigns", launch: "project-launch" },
  launch: {
    form: "launch-form",
    template: "launch-template",
    design: "launch-design",
    workload: "launch-workload",
    repetitions: "launch-repetitions",
    warmups: "launch-warmups",
    profiler: "launch-profiler",
    submit: "launch-submit",
    fieldError: "launch-field-error",
  },
  campaign: { vcg: "campaign-vcg", status: "campaign-status", progress: "campaign-progress", eta: "campaign-eta", cancel: "campaign-cancel", resume: "campaign-resume", groups: "campaign-groups", chart: "campaign-chart", runs: "campaign-runs", export: "campaign-export", compare: "campaign-compare" },
  runs: { table: "runs-table", filter: "runs-filter", row: "runs-row", compare: "runs-compare", selected: "runs-selected" },
  run: { metrics: "run-metrics", cct: "run-cct", cctRow: "run-cct-row", thread: "run-thread", histogram: "run-histogram", stdout: "run-stdout", artifacts: "run-artifacts" },
  compare: { slower: "compare-slower", faster: "compare-faster", chart: "compare-chart", sideA: "compare-side-a", sideB: "compare-side-b" },
  vcg: { link: "vcg-link", graph: "vcg-graph", tau: "vcg-tau", beta: "vcg-beta", onCpu: "vcg-on-cpu", summary: "vcg-summary", detection: "vcg-detection", segments: "vcg-segments", vs: "vcg-vs", omitted: "vcg-omitted" },
  error: "error-banner",
  analysisProgress: "analysis-progress",
} as const;
