import type { RouteDef } from "@fleetforms/functions/routes";
import { routeKey } from "@fleetforms/functions/routes";

interface Compiled {
  route: RouteDef;
  key: string;
  pattern: RegExp;
  names: string[];
  literals: number;
  /** the path as requests spell it (`/a/b`), the same segments the pattern is built from */
  text: string;
}

/** Matches paths the way API Gateway does: literal segments win over `{param}` segments. */
export function compileRoutes(routes: readonly RouteDef[]) {
  const compiled: Compiled[] = routes.map((route) => {
    const names: string[] = [];
    const segments = route.path.split("/").filter(Boolean);
    const source = segments
      .map((segment) => {
        const param = segment.match(/^\{(\w+)(\+)?\}$/);
        if (!param) return escape(segment);
        names.push(param[1]!);
        return param[2] ? "(.+)" : "([^/]+)";
      })
      .join("/");
    return {
      route,
      key: routeKey(route),
      pattern: new RegExp(`^/${source}$`),
      names,
      literals: segments.filter((segment) => !segment.startsWith("{")).length,
      text: `/${segments.join("/")}`,
    };
  });
  compiled.sort((a, b) => b.literals - a.literals);
  // a path with no parameters is found by its text: no pattern with a parameter can win over it
  const exact = new Map(compiled.filter((entry) => entry.names.length === 0).map((entry) => [`${entry.route.method} ${entry.text}`, entry]));

  return (method: string, rawPath: string) => {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
    const literal = exact.get(`${method} ${path}`);
    if (literal) return { route: literal.route, routeKey: literal.key, pathParameters: {} };
    let pathMatched = false;
    for (const entry of compiled) {
      const found = entry.pattern.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (entry.route.method !== method) continue;
      const pathParameters: Record<string, string> = {};
      entry.names.forEach((name, i) => (pathParameters[name] = decodeURIComponent(found[i + 1]!)));
      return { route: entry.route, routeKey: entry.key, pathParameters };
    }
    return pathMatched ? "method-not-allowed" : undefined;
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
