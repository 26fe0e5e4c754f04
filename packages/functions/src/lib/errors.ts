import type middy from "@middy/core";
import { AppError, TooManyRequestsError } from "@fleetforms/core/util/errors";
import { ConfigError } from "@fleetforms/core/util/config";
import type { Event, Result } from "./http";
import { log } from "@fleetforms/core/util/log";

export const SERVER_ERROR_MESSAGE = "Server error. Please try again later.";

/**
 * The last middleware: domain errors become `{ code, message, ...details }`
 * with their status; anything unknown is a 500 carrying only a request id.
 */
export const errorHandler = (): middy.MiddlewareObj<Event, Result> => ({
  onError: async (request) => {
    const error = request.error;
    const requestId = request.context?.awsRequestId ?? request.event.requestContext?.requestId ?? "unknown";
    if (error instanceof AppError && error.status < 500) {
      const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
      if (error instanceof TooManyRequestsError) headers["retry-after"] = String(error.retryAfterSeconds);
      request.response = {
        statusCode: error.status,
        headers,
        body: JSON.stringify({ code: error.code, message: error.message, ...error.details }),
      };
      return;
    }
    log("error", "request failed", { requestId, route: request.event.routeKey, error: describe(error) });
    request.response = {
      statusCode: 500,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      body: JSON.stringify({ code: "server.error", message: SERVER_ERROR_MESSAGE, requestId }),
    };
  },
});

/**
 * Name, message and stack for the log; never request bodies or headers, which may hold secrets. A
 * missing or unreadable setting is one line that names it: its stack says nothing more.
 */
function describe(error: unknown) {
  if (error instanceof ConfigError) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: "NonError", message: String(error) };
}
