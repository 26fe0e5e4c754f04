import { Api as HttpApi, use, type FunctionProps, type StackContext } from "sst/constructs";
import { routes, routeKey, type RouteDef } from "../packages/functions/src/routes";
import { Secrets } from "./Secrets";
import { Storage } from "./Storage";
import { uploadOrigins } from "./Storage";
import { nodejs } from "./functions";
import { ROUTE_ENV } from "../packages/functions/src/lib/route";
import { Reports } from "./Reports";
import { Webhooks } from "./Webhooks";

/** The HTTP API itself; its routes are added by the route stacks below. */
export function Api({ stack }: StackContext) {
  const api = new HttpApi(stack, "Api", {
    // Idempotency-Key: the device's key on saves and uploads (issue 20); the answer says when it is a replay
    cors: { allowOrigins: uploadOrigins(), allowHeaders: ["authorization", "content-type", "idempotency-key"], exposeHeaders: ["idempotent-replayed"], allowMethods: ["ANY"] },
  });
  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}

/**
 * Which stack holds each area's routes, by the first folder of the route's handler. CloudFormation
 * refuses a stack of more than 500 resources and each route costs about seven (function, role, policy,
 * log retention, integration, route, permission), so one stack holds about 60 routes. A handler folder
 * missing here fails the synth tests: place it in a stack that stays under `ROUTES_PER_STACK`.
 */
export const routeStacks = {
  AccountRoutes: ["health", "openapi", "auth", "company", "user", "invitations", "contact"],
  FormRoutes: ["form"],
  SubmissionRoutes: ["submissions", "defects", "emissions"],
  AssetRoutes: ["assets"],
  FleetRoutes: ["vehicles", "documents", "dashboards", "home", "activity", "billing", "reports", "providers", "integrations"],
} as const satisfies Record<string, readonly string[]>;

export type RouteStackName = keyof typeof routeStacks;
export const ROUTES_PER_STACK = 55;

export const areaOf = (route: Pick<RouteDef, "handler">) => route.handler.split("/")[0]!;
export const routesOf = (name: RouteStackName) => routes.filter((route) => (routeStacks[name] as readonly string[]).includes(areaOf(route)));

/** Adds one Lambda per route of the named area, bound to only what that route uses. */
function addRoutes({ stack }: StackContext, name: RouteStackName) {
  const { api } = use(Api);
  const { table, bucket } = use(Storage);
  const secrets = use(Secrets);
  const { reportsQueue } = use(Reports);
  const { webhooksQueue } = use(Webhooks);

  const bindingsFor = (route: RouteDef) => {
    const uses = new Set(route.uses ?? []);
    if (route.access !== "public") uses.add("jwt");
    return [
      table,
      ...secrets.app,
      ...(uses.has("bucket") || uses.has("pdf") ? [bucket] : []),
      ...(uses.has("jwt") ? secrets.jwt : []),
      ...(uses.has("mail") ? secrets.mail : []),
      ...(uses.has("sms") ? secrets.sms : []),
      ...(uses.has("metabase") ? secrets.metabase : []),
      ...(uses.has("stripe") ? secrets.stripe : []),
      ...(uses.has("queue") ? [reportsQueue] : []),
      ...(uses.has("webhooks") ? [webhooksQueue] : []),
    ];
  };

  const functionFor = (route: RouteDef): FunctionProps => ({
    handler: `packages/functions/src/${route.handler}.handler`,
    bind: bindingsFor(route),
    // the function's own entry of the route table: its access rule and limits, without carrying the table
    environment: { [ROUTE_ENV]: JSON.stringify(route) },
    ...(route.memorySize ? { memorySize: route.memorySize } : {}),
    ...(route.timeoutSeconds ? { timeout: route.timeoutSeconds } : {}),
    // Chromium's binary is a file beside the bundle, installed as SST installs `nodejs.install` packages.
    ...(route.uses?.includes("pdf") ? { nodejs: { ...nodejs, install: ["@sparticuz/chromium"] } } : {}),
    permissions: [...(route.uses?.includes("mail") ? ["ses:SendEmail"] : []), ...(route.uses?.includes("sms") ? ["sns:Publish"] : [])],
  });

  // The function, integration, route and permission are created in this stack; only the API is shared.
  api.addRoutes(stack, Object.fromEntries(routesOf(name).map((route) => [routeKey(route), { function: functionFor(route) }])));
}

export function AccountRoutes(context: StackContext) {
  addRoutes(context, "AccountRoutes");
}
export function FormRoutes(context: StackContext) {
  addRoutes(context, "FormRoutes");
}
export function SubmissionRoutes(context: StackContext) {
  addRoutes(context, "SubmissionRoutes");
}
export function AssetRoutes(context: StackContext) {
  addRoutes(context, "AssetRoutes");
}
export function FleetRoutes(context: StackContext) {
  addRoutes(context, "FleetRoutes");
}

const stackFunctions = { AccountRoutes, FormRoutes, SubmissionRoutes, AssetRoutes, FleetRoutes } satisfies Record<RouteStackName, unknown>;

/** The route stacks that have routes (CloudFormation refuses a stack without resources). */
export const routeStackFunctions = () =>
  (Object.keys(stackFunctions) as RouteStackName[]).filter((name) => routesOf(name).length > 0).map((name) => stackFunctions[name]);
