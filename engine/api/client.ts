// The caller's side of every transport: a VarbenchApi built from two
// functions that move a call and an event. Pure (no Node, no DOM), so the
// renderer and the CLI build their clients from the same code.
import type { EventName, Invoke, MethodName, Subscribe, VarbenchApi } from "./contract.js";

export function createClient(invoke: Invoke, subscribe: Subscribe): VarbenchApi {
  const nouns = new Map<string, object>();
  return new Proxy({} as VarbenchApi, {
    get(_target, key) {
      if (typeof key !== "string") return undefined;
      if (/^on[A-Z]/.test(key)) {
        const event = (key[2].toLowerCase() + key.slice(3)) as EventName;
        return (listener: (payload: unknown) => void) => subscribe(event, listener);
      }
      let noun = nouns.get(key);
      if (!noun) {
        noun = new Proxy(
          {},
          {
            get: (_t, verb) =>
              typeof verb === "string"
                ? (args: unknown) => invoke(`${key}.${verb}` as MethodName, args ?? {})
                : undefined,
          },
        );
        nouns.set(key, noun);
      }
      return noun;
    },
  });
}
