// Svelte components as the engine's type check sees them (it has no Svelte
// plugin): the renderer's route table, which unit tests import, loads views lazily.
declare module "*.svelte" {
  import type { Component } from "svelte";
  const component: Component<any>;
  export default component;
}
