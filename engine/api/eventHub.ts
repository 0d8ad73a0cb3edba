// The API's event stream: the service emits, every transport subscribes and
// forwards (in-process listeners, WebSocket clients, Electron windows).
import type { ApiEvents, EventName } from "./contract.js";

type Listener = (payload: unknown) => void;

export class EventHub {
  private readonly listeners = new Map<EventName, Set<Listener>>();

  emit<E extends EventName>(event: E, payload: ApiEvents[E]): void {
    for (const l of this.listeners.get(event) ?? []) {
      try {
        l(payload);
      } catch {
        // One broken listener (a closed socket) must not stop the others.
      }
    }
  }

  on(event: EventName, listener: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }
}
