// The command line's way to the engine: the API in process, over the
// workspace named by -w (opened only when a call needs it, so reading a trace
// file works anywhere), with files on this machine allowed as traces and specs.
import { VarbenchService } from "../api/service.js";
import { inProcessClient } from "../api/inProcess.js";
import type { VarbenchApi } from "../api/contract.js";

export async function withApi<T>(workspaceDir: string, f: (api: VarbenchApi) => Promise<T>): Promise<T> {
  const service = new VarbenchService(workspaceDir, { lazy: true, localFiles: true, remember: false });
  try {
    return await f(inProcessClient(service));
  } finally {
    await service.close();
  }
}
