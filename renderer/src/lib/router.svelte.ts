// The current route as state, following the location's hash. It is handed
// the route table's parser (App.svelte), so nothing a view imports leads back
// to the table that loads the views.
export interface Navigator {
  go(hash: string): void;
}

export class Router<R> implements Navigator {
  route = $state<R>() as R;

  constructor(parse: (hash: string) => R) {
    this.route = parse(location.hash);
    window.addEventListener("hashchange", () => (this.route = parse(location.hash)));
  }

  go(hash: string): void {
    location.hash = hash;
  }
}
