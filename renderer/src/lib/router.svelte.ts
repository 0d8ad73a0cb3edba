// The current route as state, following the location's hash.
import { parseRoute, type Route } from "../routes.js";

export class Router {
  route = $state<Route>(parseRoute(location.hash));

  constructor() {
    window.addEventListener("hashchange", () => (this.route = parseRoute(location.hash)));
  }

  go(hash: string): void {
    location.hash = hash;
  }
}
