import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|.*\+json|.*\+xml)|text\/)/i;

/** Builds the API Gateway HTTP API (payload v2) event that AWS would send for this request. */
export function toEvent(
  req: IncomingMessage,
  body: Buffer,
  match: { routeKey: string; pathParameters: Record<string, string>; rawPath: string; rawQueryString: string },
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === "cookie") continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  const cookies = req.headers.cookie?.split(";").map((cookie) => cookie.trim()).filter(Boolean);
  const query = new URLSearchParams(match.rawQueryString);
  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(",");
  const contentType = headers["content-type"] ?? "";
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const sourceIp = forwardedFor(headers) ?? (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
  return {
    version: "2.0",
    routeKey: match.routeKey,
    rawPath: match.rawPath,
    rawQueryString: match.rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(query.size ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: { method: req.method ?? "GET", path: match.rawPath, protocol: `HTTP/${req.httpVersion}`, sourceIp, userAgent: headers["user-agent"] ?? "" },
      requestId: randomUUID(),
      routeKey: match.routeKey,
      stage: "$default",
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString("utf8") : body.toString("base64") } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

export function lambdaContext(functionName: string, timeoutSeconds = 30): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * The test suites' stacks only (FLEETFORMS_TRUST_FORWARDED_FOR=1, set by playwright.config.ts and
 * tests/global-setup.ts): each journey or test that signs a company up says which address it comes from, so the per-address sign-up limit
 * (30 an hour) counts journeys as the people they stand for rather than one machine. `npm start` never
 * trusts the header, and API Gateway gives the Lambda the real address.
 */
function forwardedFor(headers: Record<string, string | undefined>): string | undefined {
  if (process.env.FLEETFORMS_TRUST_FORWARDED_FOR !== "1") return undefined;
  const first = headers["x-forwarded-for"]?.split(",")[0]?.trim();
  return first && /^[\d.]{7,15}$|^[\da-f:]{2,39}$/i.test(first) ? first : undefined;
}
