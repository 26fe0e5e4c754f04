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
  const sourceIp = (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
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
