import middy from "@middy/core";
import httpHeaderNormalizer from "@middy/http-header-normalizer";
import httpJsonBodyParser from "@middy/http-json-body-parser";
import httpSecurityHeaders from "@middy/http-security-headers";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type * as z from "@fleetforms/core/util/zod";
import { authorize, sameCaller } from "@fleetforms/core/auth/access";
import type { Actor } from "@fleetforms/core/auth/claims";
import { parseOrThrow } from "@fleetforms/core/util/fn";
import { AppError, PayloadTooLargeError, ValidationError } from "@fleetforms/core/util/errors";
import type { RouteDef } from "../routes";
import { routeOf } from "./route";
import { toResult } from "./response";
import { errorHandler } from "./errors";
import { log } from "@fleetforms/core/util/log";
import { API_KEY_PREFIX } from "@fleetforms/core/apikey/scopes";

export type Event = Omit<APIGatewayProxyEventV2, "body"> & { body?: unknown; rawBody?: string };
export type Result = APIGatewayProxyStructuredResultV2;

export interface Schemas {
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  /** set by `httpMultipart()` (lib/multipart.ts): the body is multipart/form-data, not JSON */
  multipart?: boolean;
}
type Out<S, K extends keyof Schemas> = S extends Record<K, infer T extends z.ZodMiniType> ? z.output<T> : undefined;

export interface Request<S extends Schemas, P = never> {
  event: Event;
  route: RouteDef;
  body: Out<S, "body">;
  query: Out<S, "query">;
  params: Out<S, "params">;
  /** null on public routes */
  actor: Actor | null;
  /** the caller's address, for throttling */
  address: string;
  /** the bearer token as sent */
  bearer: string | undefined;
  /**
   * What the route's `prefetch` read for this caller: beside the access check when the check confirmed the
   * caller the token names, otherwise after it. Undefined on a route without a `prefetch`.
   */
  prefetched: [P] extends [never] ? undefined : Promise<P>;
}

/**
 * A GET's main read, started as soon as the token's signature checks out, beside the access check's own
 * reads, for the caller the token names (core/auth/access.ts `claimed`). Its result reaches the handler only
 * when the access check answers the same caller with the same role; a refused request or a changed role
 * drops it unseen. It must only read: it runs before the caller is known to be allowed.
 */
export type Prefetch<S extends Schemas, P> = (input: { actor: Actor; query: Out<S, "query">; params: Out<S, "params"> }) => Promise<P>;

/** The caller on a route whose rule is not `public`. */
export function signedIn(actor: Actor | null): Actor {
  if (!actor) throw new AppError("auth.internal", "Route declared public but needs a caller", 500);
  return actor;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

const bodyLimit = (): middy.MiddlewareObj<Event, Result> => ({
  before: ({ event }) => {
    const route = routeOf(event.routeKey);
    const raw = typeof event.body === "string" ? event.body : "";
    const size = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
    if (size > (route?.maxBodyBytes ?? DEFAULT_MAX_BODY)) {
      throw new PayloadTooLargeError("request.too_large", "The request is too large.");
    }
    if (typeof event.body === "string") event.rawBody = event.body;
  },
});

export type BodyParser = middy.MiddlewareObj<Event, Result>;

/** The official JSON parser, only when there is a body to parse; its 415s become our 400. */
const jsonBody = (): BodyParser => {
  const parser = httpJsonBodyParser({ disableContentTypeError: false });
  return {
    before: async (request) => {
      const { body } = request.event;
      if (body === undefined || body === null || body === "") return;
      try {
        await parser.before!(request as never);
      } catch {
        throw new ValidationError("request.malformed_json", "The request body must be valid JSON sent as application/json.");
      }
    },
  };
};

const REQUEST_STATE = Symbol("fleetforms.request");
type State = { actor: Actor | null; route: RouteDef; prefetched?: Promise<unknown> };
type Internal = { [REQUEST_STATE]?: State };

/** Work the access check started that runs beside the handler (the tenant's monthly count), awaited after it. */
const DEFERRED = Symbol("fleetforms.deferred");
/** A GET's admission, awaited after the handler: a refusal replaces the answer (core/auth/access.ts). */
const ADMISSION = Symbol("fleetforms.admission");
type Deferred = { [DEFERRED]?: Promise<unknown>[]; [ADMISSION]?: Promise<void> };

const settleDeferred = async (request: middy.Request<Event, Result>) => {
  const work = (request.context as unknown as Deferred)[DEFERRED] ?? [];
  for (const outcome of await Promise.allSettled(work)) {
    if (outcome.status === "rejected") log("warn", "usage not counted", { error: String((outcome.reason as Error)?.message ?? outcome.reason) });
  }
};

const access = (prefetch?: (actor: Actor, event: Event) => Promise<unknown>): middy.MiddlewareObj<Event, Result> => ({
  before: async (request) => {
    const route = routeOf(request.event.routeKey);
    if (!route) throw new AppError("route.unknown", `No route ${request.event.routeKey}`, 404);
    const deferred: Promise<unknown>[] = [];
    (request.context as unknown as Deferred)[DEFERRED] = deferred;
    const admitLater = route.method === "GET" ? (admission: Promise<void>) => ((request.context as unknown as Deferred)[ADMISSION] = admission) : undefined;
    const bearer = bearerOf(request.event);
    // issue 41: a company API key, checked against the route's declared scope; loaded only when one is presented
    if (bearer?.startsWith(API_KEY_PREFIX)) {
      const { authenticate } = await import("@fleetforms/core/apikey/access");
      const actor = await authenticate(bearer, route.scope, { defer: (work) => deferred.push(work) });
      (request.context as unknown as Internal)[REQUEST_STATE] = { actor, route };
      return;
    }
    let early: { actor: Actor; result: Promise<unknown> } | undefined;
    const claimed =
      prefetch && route.method === "GET"
        ? (actor: Actor) => {
            const result = prefetch(actor, request.event);
            result.catch(() => undefined); // a refused request never looks at it
            early = { actor, result };
          }
        : undefined;
    const actor = await authorize(route.access, bearer, { defer: (work) => deferred.push(work), admitLater, claimed, whileSuspended: route.whileSuspended });
    const prefetched = early && actor && sameCaller(early.actor, actor) ? early.result : undefined;
    (request.context as unknown as Internal)[REQUEST_STATE] = { actor, route, prefetched };
  },
  after: async (request) => {
    const admission = (request.context as unknown as Deferred)[ADMISSION];
    (request.context as unknown as Deferred)[ADMISSION] = undefined;
    await settleDeferred(request);
    // refused past the tenant's limit: the handler's answer is not sent
    if (admission) await admission;
  },
  onError: async (request) => {
    const admission = (request.context as unknown as Deferred)[ADMISSION];
    (request.context as unknown as Deferred)[ADMISSION] = undefined;
    await admission?.catch(() => undefined);
    await settleDeferred(request);
  },
});

function bearerOf(event: Event): string | undefined {
  const header = event.headers?.authorization;
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || undefined;
}

/**
 * Wraps a handler in the one middleware stack (STYLE rule 4): size limit,
 * header normalisation, JSON body, access from the route table, zod
 * validation, security headers, and the error handler last.
 */
export function http<S extends Schemas, P = never>(schemas: S, impl: (request: Request<S, NoInfer<P>>) => Promise<unknown>, options: { prefetch?: Prefetch<S, P> } = {}) {
  return withBody(jsonBody(), schemas, impl, options);
}

/**
 * The stack with another body parser. Each parser lives in the module of the wrapper that uses it, so a
 * function's bundle carries only its own (STYLE rule 11): the multipart parser is in lib/multipart.ts.
 */
export function withBody<S extends Schemas, P = never>(parser: BodyParser, schemas: S, impl: (request: Request<S, NoInfer<P>>) => Promise<unknown>, options: { prefetch?: Prefetch<S, P> } = {}) {
  const inputs = (event: Event) => ({
    query: (schemas.query ? parseOrThrow(schemas.query, event.queryStringParameters ?? {}) : undefined) as Out<S, "query">,
    params: (schemas.params ? parseOrThrow(schemas.params, event.pathParameters ?? {}) : undefined) as Out<S, "params">,
  });
  const { prefetch } = options;
  const early = prefetch ? async (actor: Actor, event: Event) => prefetch({ actor, ...inputs(event) }) : undefined;
  const handler = middy<Event, Result, Error, Context>()
    .use(bodyLimit())
    .use(httpHeaderNormalizer())
    .use(parser)
    .use(access(early))
    .use(httpSecurityHeaders({ contentSecurityPolicy: { "default-src": "'none'", "frame-ancestors": "'none'" } }))
    .use(errorHandler())
    .handler(async (event, context) => {
      const state = (context as unknown as Internal)[REQUEST_STATE] ?? { actor: null, route: routeOf(event.routeKey)! };
      const body = (schemas.body ? parseOrThrow(schemas.body, event.body ?? {}) : undefined) as Out<S, "body">;
      const { query, params } = inputs(event);
      // the read done beside the access check, or, when it was for another caller (or none ran), now
      const prefetched = prefetch ? (state.prefetched ?? prefetch({ actor: signedIn(state.actor), query, params })) : undefined;
      const request = {
        event,
        route: state.route,
        actor: state.actor,
        address: event.requestContext?.http?.sourceIp ?? "unknown",
        bearer: bearerOf(event),
        body,
        query,
        params,
        prefetched: prefetched as Request<S, NoInfer<P>>["prefetched"],
      };
      return toResult(await impl(request));
    });
  // The route fuzz test reads each handler's schemas to build its bodies.
  return Object.assign(handler, { schemas });
}
