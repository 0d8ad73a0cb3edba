// Handler of runs.importUpload: a file browser mode's server received (engine/api/uploads.ts) imported as
// runs.import imports a file on this machine, then removed whatever happens, so a workspace keeps no upload.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { ApiError } from "../errors/errors.js";
import { importFile } from "./importFile.js";
import { removeUpload, uploadNameProblem, uploadPath } from "./uploads.js";

export function uploadHandlers(ctx: ServiceContext): Pick<Handlers, "runs.importUpload"> {
  return {
    "runs.importUpload": async ({ upload, name, project }) => {
      const dir = ctx.workspace().dir;
      const path = uploadPath(dir, upload, name);
      // The user dropped `name`: the folder it waited in is no concern of theirs, in a warning or an error.
      const theirs = (text: string) => text.replaceAll(path, name);
      try {
        const problem = uploadNameProblem(name);
        if (problem) throw new ApiError("invalid-arguments", problem, [{ path: "name", message: problem }]);
        const r = await importFile(ctx, { trace: path, project });
        return { ...r, warnings: r.warnings.map(theirs) };
      } catch (e) {
        if (e instanceof Error) e.message = theirs(e.message);
        throw e;
      } finally {
        await removeUpload(dir, upload);
      }
    },
  };
}
