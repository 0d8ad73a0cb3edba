// A project's history across versions (issue 33): "#/project/3/history[?design=x][&workload=w][&measure=calls]",
// the filters `varbench history` takes as --design, --workload and --metric.
import { defineRoute, hashOf, idOf } from "../routeTypes.js";
import { MEASURES, type MeasureName } from "../../../engine/campaign/measures.js";

export interface HistoryHref {
  readonly projectId: number;
  readonly design?: string | null;
  readonly workload?: string | null;
  readonly measure?: MeasureName | null;
}

const measureOf = (s: string | null): MeasureName | null =>
  s !== null && (MEASURES as readonly string[]).includes(s) ? (s as MeasureName) : null;

export const HISTORY_ROUTES = [
  defineRoute({
    name: "history",
    nav: "workspace",
    match: ({ parts, query }) => {
      const projectId = idOf(parts[1]);
      if (parts.length !== 3 || parts[0] !== "project" || parts[2] !== "history" || projectId === null) return null;
      return {
        projectId,
        design: query.get("design") || null,
        workload: query.get("workload") || null,
        measure: measureOf(query.get("measure")),
      };
    },
    build: (p: HistoryHref) =>
      hashOf(`project/${p.projectId}/history`, {
        design: p.design || null,
        workload: p.workload || null,
        measure: p.measure || null,
      }),
  }),
];
