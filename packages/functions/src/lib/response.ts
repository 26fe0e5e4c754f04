import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { contentDisposition } from "@fleetforms/core/util/http-headers";
import { userFileHeaders } from "@fleetforms/core/web/security-headers";

/** What a handler may return besides a plain JSON-able value. */
export type Reply =
  | { kind: "json"; status: number; body: unknown; headers?: Record<string, string>; cookies?: string[]; text?: string }
  | { kind: "binary"; status?: number; body: Buffer; contentType: string; filename?: string; inline?: boolean }
  | { kind: "redirect"; location: string; status?: 302 | 303 | 307 };

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({ kind: "json", status, body, headers });
export const created = (body: unknown) => json(body, 201);
/** A JSON answer already written (a stored copy), sent as it is instead of parsed and written again. */
export const jsonText = (text: string, status = 200): Reply => ({ kind: "json", status, body: undefined, text });
export const binary = (body: Buffer, contentType: string, filename?: string, inline = false): Reply => ({
  kind: "binary",
  body,
  contentType,
  filename,
  inline,
});
export const redirect = (location: string, status: 302 | 303 | 307 = 302): Reply => ({ kind: "redirect", location, status });

const isReply = (value: unknown): value is Reply =>
  typeof value === "object" && value !== null && "kind" in value && ["json", "binary", "redirect"].includes((value as Reply).kind);

export function toResult(value: unknown): APIGatewayProxyStructuredResultV2 {
  const reply: Reply = isReply(value) ? value : json(value ?? {});
  switch (reply.kind) {
    case "json":
      return {
        statusCode: reply.status,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...reply.headers },
        body: reply.text ?? JSON.stringify(reply.body),
        ...(reply.cookies ? { cookies: reply.cookies } : {}),
      };
    case "binary": {
      const disposition = reply.filename ? contentDisposition(reply.inline ? "inline" : "attachment", reply.filename) : undefined;
      return {
        statusCode: reply.status ?? 200,
        headers: {
          "content-type": reply.contentType,
          "cache-control": "private, no-store",
          // a user's file never runs as the API's page: nosniff, a sandbox CSP, and attachment unless image or PDF
          ...userFileHeaders(reply.contentType, disposition),
        },
        body: reply.body.toString("base64"),
        isBase64Encoded: true,
      };
    }
    case "redirect":
      return { statusCode: reply.status ?? 302, headers: { location: reply.location }, body: "" };
  }
}
