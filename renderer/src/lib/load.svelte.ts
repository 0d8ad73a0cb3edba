// A value loaded from the API, with its error: views show the error in place
// instead of an empty screen. `reload` keeps the old value while it loads.
// The value is held raw: results are read, never changed in place, and a deep
// proxy would wrap each of the thousands of rows a large one holds.
import { ApiError } from "../../../engine/errors/errors.js";

export class Loaded<T> {
  value = $state.raw<T | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);
  private generation = 0;

  async load(fetcher: () => Promise<T>): Promise<void> {
    const g = ++this.generation;
    this.loading = true;
    try {
      const v = await fetcher();
      if (g === this.generation) {
        this.value = v;
        this.error = null;
      }
    } catch (e) {
      if (g === this.generation) this.error = messageOf(e);
    } finally {
      if (g === this.generation) this.loading = false;
    }
  }
}

export function messageOf(e: unknown): string {
  return e instanceof ApiError || e instanceof Error ? e.message : String(e);
}
