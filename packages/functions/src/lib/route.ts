import type { RouteDef } from "../routes";

/*
 * Which route a request came in on, and so its access rule and body limit. A deployed function serves one
 * route: the stack hands it that route's entry of the table (`FLEETFORMS_ROUTE`, stacks/Api.ts), so no
 * function carries the whole table. Where one process serves every route (the local stack, the tests) the
 * table is registered once with `serveRouteTable`.
 */

export const ROUTE_ENV = "FLEETFORMS_ROUTE";

export const routeKey = (route: Pick<RouteDef, "method" | "path">) => `${route.method} ${route.path}`;

let table: ((key: string | undefined) => RouteDef | undefined) | undefined;
let deployed: RouteDef | null | undefined;

/** Registers the route table of a process that serves every route. */
export function serveRouteTable(find: (key: string | undefined) => RouteDef | undefined) {
  table = find;
}

/** The route of a request's `routeKey`: this function's own, or the registered table's; undefined for any other. */
export function routeOf(key: string | undefined): RouteDef | undefined {
  if (deployed === undefined) {
    const given = process.env[ROUTE_ENV];
    deployed = given ? (JSON.parse(given) as RouteDef) : null;
  }
  if (deployed) return key === routeKey(deployed) ? deployed : undefined;
  if (!table) throw new Error(`No route for ${key}: ${ROUTE_ENV} is not set and no route table is registered`);
  return table(key);
}
