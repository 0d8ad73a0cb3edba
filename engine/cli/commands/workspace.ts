// `varbench workspace init`.
import { withApi } from "../api.js";

export function init(dir: string): Promise<void> {
  return withApi(dir, async (api) => console.log(`workspace ready: ${(await api.workspace.open({ dir })).dir}`));
}
