import * as z from "@fleetforms/core/util/zod";
import type { RouteDef } from "../routes";
import type { Schemas } from "./http";

/*
 * What each route parses, read off the handler `http()` returns (`handler.schemas`). Shared by the tools that
 * must agree with the handlers: the route fuzzer (tests/route-fuzz.ts), the access matrix test and the OpenAPI
 * document (scripts/openapi.ts). No function imports it: it imports every handler.
 */

/** Handlers that parse their body in core instead of declaring it: the schema they parse with. */
const CORE_PARSED: Record<string, () => Promise<z.ZodMiniType>> = {
  "auth/register": async () => (await import("@fleetforms/core/auth/index")).Auth.register.schema,
};

export async function schemasOf(route: RouteDef): Promise<Schemas> {
  const file = new URL(`../${route.handler}.ts`, import.meta.url).href;
  const mod = (await import(/* @vite-ignore */ file)) as { handler: { schemas?: Schemas } };
  const schemas = { ...(mod.handler.schemas ?? {}) };
  if (!schemas.body && !schemas.multipart && CORE_PARSED[route.handler]) schemas.body = await CORE_PARSED[route.handler]!();
  return schemas;
}

/** The JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of what a schema accepts, as zod 4 writes it. */
export const inputJsonSchema = (schema: z.ZodMiniType): Record<string, unknown> => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
