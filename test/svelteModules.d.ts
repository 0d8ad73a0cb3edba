// Svelte components as the engine's type check sees them (it has no Svelte
// plugin): the renderer's route table, which unit tests import, loads views lazily.
declare module "*.svelte" {
  import type { Component } from "svelte";
  // Any props: each route's view is checked against its own props by svelte-check, not here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const component: Component<any>;
  export default component;
}
