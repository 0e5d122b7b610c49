/** A route of a discovery document: its HTTP method and its path with `{name}` parameters. */
export interface PathRoute {
  httpMethod: string;
  path: string;
}

/**
 * The first of `routes` whose method is `method` and whose path matches `rest` (a path relative
 * to the service's root), with its path parameters decoded.
 */
export function matchRoute<R extends PathRoute>(
  routes: readonly R[],
  method: string,
  rest: string,
) {
  for (const route of routes) {
    if (route.httpMethod !== method) continue;
    const names: string[] = [];
    const pattern = new RegExp(
      `^${route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const found = pattern.exec(rest);
    if (found) {
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]),
      );
      return { route, params };
    }
  }
  return undefined;
}
