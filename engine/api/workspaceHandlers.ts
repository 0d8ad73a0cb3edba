// Handlers of workspace.*, projects.*, workloads.* and designs.*.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { ApiError } from "../errors/errors.js";
import { API_VERSION, type ProjectSummary } from "./types.js";
import { countRows, ensureProject } from "../store/repositories.js";
import { SCHEMA_VERSION } from "../store/migrations.js";
import { designRows, projectCounts, projectCountsById, workloadRows } from "../store/projectQueries.js";
import { recentWorkspaces } from "./recentWorkspaces.js";
import { campaignInfos } from "./campaignInfo.js";

type Some = Pick<
  Handlers,
  | "workspace.info"
  | "workspace.recent"
  | "workspace.open"
  | "projects.list"
  | "projects.get"
  | "projects.create"
  | "workloads.list"
  | "designs.list"
>;

export function workspaceHandlers(ctx: ServiceContext): Some {
  const db = () => ctx.workspace().db;
  const info = () => ({
    apiVersion: API_VERSION,
    dir: ctx.workspace().dir,
    schemaVersion: SCHEMA_VERSION,
    counts: countRows(db()),
  });
  const project = (projectId: number): ProjectSummary => {
    const p = projectCountsById(db(), projectId);
    if (!p) throw new ApiError("not-found", `project ${projectId} does not exist`);
    return p;
  };
  return {
    "workspace.info": info,
    "workspace.recent": () => recentWorkspaces(),
    "workspace.open": ({ dir }) => {
      if (!ctx.localFiles)
        throw new ApiError(
          "invalid-arguments",
          "workspaces are opened from the command line or the desktop window; browser mode serves the workspace it was started on",
          [{ path: "dir", message: "no folders here" }],
        );
      if (ctx.running.size > 0)
        throw new ApiError(
          "conflict",
          `a campaign is running in ${ctx.workspace().dir}; cancel it or wait before opening another workspace`,
        );
      try {
        ctx.switchWorkspace(dir);
      } catch (e) {
        // The folder cannot hold a workspace (a file, a virtual file system, no permission): the caller's to fix.
        throw new ApiError("invalid-arguments", (e as Error).message, [
          { path: "dir", message: "not a workspace folder" },
        ]);
      }
      return info();
    },
    "projects.list": () => projectCounts(db()),
    "projects.get": ({ projectId }) => ({
      project: project(projectId),
      workloads: workloadRows(db(), projectId),
      designs: designRows(db(), projectId),
      campaigns: campaignInfos(ctx, projectId),
    }),
    "projects.create": ({ name }) => {
      if (db().prepare("SELECT 1 FROM projects WHERE name = ?").get(name))
        throw new ApiError("conflict", `a project named ${name} exists already`, [
          { path: "name", message: "this name is taken" },
        ]);
      return project(ensureProject(db(), name));
    },
    "workloads.list": ({ projectId }) => (project(projectId), workloadRows(db(), projectId)),
    "designs.list": ({ projectId }) => (project(projectId), designRows(db(), projectId)),
  };
}
