// Any result as JSON, as it crosses the API.
import type { Exporter } from "./exporter.js";

export const jsonExporter: Exporter<unknown, unknown> = {
  mediaType: "application/json",
  extension: "json",
  render: (result) => JSON.stringify(result, null, 2) + "\n",
};
