import { Api as HttpApi, use, type FunctionProps, type StackContext } from "sst/constructs";
import { routes, routeKey, type RouteDef } from "../packages/functions/src/routes";
import { Secrets } from "./Secrets";
import { Storage } from "./Storage";
import { uploadOrigins } from "./Storage";
import { nodejs } from "./functions";

/** Builds one Lambda per route of the route table, bound to only what that route uses. */
export function Api({ stack }: StackContext) {
  const { table, bucket } = use(Storage);
  const secrets = use(Secrets);

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
    ];
  };

  const functionFor = (route: RouteDef): FunctionProps => ({
    handler: `packages/functions/src/${route.handler}.handler`,
    bind: bindingsFor(route),
    ...(route.memorySize ? { memorySize: route.memorySize } : {}),
    ...(route.timeoutSeconds ? { timeout: route.timeoutSeconds } : {}),
    // Chromium's binary is a file beside the bundle, installed as SST installs `nodejs.install` packages.
    ...(route.uses?.includes("pdf") ? { nodejs: { ...nodejs, install: ["@sparticuz/chromium"] } } : {}),
    permissions: [...(route.uses?.includes("mail") ? ["ses:SendEmail"] : []), ...(route.uses?.includes("sms") ? ["sns:Publish"] : [])],
  });

  const api = new HttpApi(stack, "Api", {
    cors: { allowOrigins: uploadOrigins(), allowHeaders: ["authorization", "content-type"], allowMethods: ["ANY"] },
    routes: Object.fromEntries(routes.map((route) => [routeKey(route), { function: functionFor(route) }])),
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
