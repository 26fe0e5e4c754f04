import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";

/**
 * Verifies an S3 presigned URL (SigV4 query-string authentication) the way S3
 * does, so the local /s3 proxy refuses what S3 would refuse: a URL for another
 * key or method, an expired one, a changed signature, or a request whose
 * signed headers (content type, length) differ from the ones signed.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 * The checks of the URL's parts are ours; the signature is the SDK's own signer's (@smithy/signature-v4),
 * given the request as it arrived.
 */

export interface PresignedRequest {
  method: string;
  /** the path exactly as it arrived, still percent-encoded */
  rawPath: string;
  /** the query string as it arrived, without "?" */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  /** the secret key of an access key id, or undefined for an unknown one */
  secretFor: (accessKeyId: string) => string | undefined;
  now?: Date;
}

export type Verdict = { ok: true } | { ok: false; code: "storage.signature_missing" | "storage.signature_invalid" | "storage.url_expired"; message: string };

const ALGORITHM = "AWS4-HMAC-SHA256";
/** S3 refuses presigned URLs valid for more than 7 days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** how far a signing clock may run ahead of ours, as S3 allows */
const CLOCK_SKEW_MS = 15 * 60 * 1000;
const REQUIRED = ["X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders", "X-Amz-Signature"] as const;

/** RFC 3986 percent-encoding, as SigV4 canonicalises every name and value. */
export const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const refuse = (message: string): Verdict => ({ ok: false, code: "storage.signature_invalid", message });

function parseQuery(rawQuery: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const part of rawQuery.split("&")) {
    if (!part) continue;
    const index = part.indexOf("=");
    const name = index < 0 ? part : part.slice(0, index);
    const value = index < 0 ? "" : part.slice(index + 1);
    try {
      pairs.push([decodeURIComponent(name), decodeURIComponent(value)]);
    } catch (error) {
      if (error instanceof URIError) return undefined;
      throw error;
    }
  }
  return pairs;
}

/** S3 does not normalise paths: each segment is decoded once and encoded once. */
function canonicalPath(rawPath: string): string | undefined {
  try {
    return rawPath
      .split("/")
      .map((segment) => rfc3986(decodeURIComponent(segment)))
      .join("/");
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

const headerValue = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(",") : value;
};

/** The parameters the signer writes itself when it presigns. */
const SIGNER_PARAMS = new Set(["X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders", "X-Amz-Signature"]);
const PAYLOAD_HEADER = "x-amz-content-sha256";

function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export async function verifyPresigned(request: PresignedRequest): Promise<Verdict> {
  const pairs = parseQuery(request.rawQuery);
  if (!pairs) return refuse("The URL's query string is not valid.");
  const params = new Map<string, string>();
  for (const [name, value] of pairs) {
    if (params.has(name)) return refuse(`The URL repeats ${name}.`);
    params.set(name, value);
  }
  if (!params.has("X-Amz-Signature")) {
    return { ok: false, code: "storage.signature_missing", message: "Storage is reached only through a presigned URL: this request carries no signature." };
  }
  const missing = REQUIRED.filter((name) => !params.get(name));
  if (missing.length) return refuse(`The presigned URL lacks ${missing.join(", ")}.`);

  if (params.get("X-Amz-Algorithm") !== ALGORITHM) return refuse(`Only ${ALGORITHM} signatures are accepted.`);
  const amzDate = params.get("X-Amz-Date")!;
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt) return refuse("X-Amz-Date is not a valid date.");
  const expires = params.get("X-Amz-Expires")!;
  if (!/^\d{1,7}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_EXPIRES_SECONDS) return refuse("X-Amz-Expires is not valid.");

  const [accessKeyId, scopeDate, region, service, terminator, ...extra] = params.get("X-Amz-Credential")!.split("/");
  if (!accessKeyId || !region || service !== "s3" || terminator !== "aws4_request" || extra.length) return refuse("X-Amz-Credential is not a valid S3 credential scope.");
  if (scopeDate !== amzDate.slice(0, 8)) return refuse("X-Amz-Credential's date differs from X-Amz-Date.");
  const secret = request.secretFor(accessKeyId);
  if (secret === undefined) return refuse("The access key is not known.");

  const signedHeaders = params.get("X-Amz-SignedHeaders")!.split(";");
  const sorted = [...signedHeaders].sort();
  if (!signedHeaders.includes("host") || signedHeaders.some((name, i) => !name || name !== name.toLowerCase() || name !== sorted[i])) {
    return refuse("X-Amz-SignedHeaders is not valid.");
  }
  // S3: every x-amz-* header sent must be signed.
  const unsigned = Object.keys(request.headers).filter((name) => name.startsWith("x-amz-") && !signedHeaders.includes(name));
  if (unsigned.length) return refuse(`Headers that are not signed: ${unsigned.join(", ")}.`);
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = headerValue(request.headers, name);
    if (value === undefined) return refuse(`The signed header ${name} is missing.`);
    headers[name] = value;
  }

  const path = canonicalPath(request.rawPath);
  if (path === undefined) return refuse("The URL's path is not valid.");
  // The request presigned again, as the signer saw it: its own query but the signer's parameters, exactly the
  // signed headers (none moved to the query), the path already in S3's canonical form, an unsigned payload.
  const signer = new SignatureV4({ service, region, credentials: { accessKeyId, secretAccessKey: secret }, sha256: Hash.bind(null, "sha256"), uriEscapePath: false, applyChecksum: false });
  const presigned = await signer.presign(
    {
      method: request.method.toUpperCase(),
      protocol: "http:",
      hostname: headers.host!,
      path,
      query: Object.fromEntries(pairs.filter(([name]) => !SIGNER_PARAMS.has(name))),
      headers: { ...headers, [PAYLOAD_HEADER]: "UNSIGNED-PAYLOAD" },
    },
    {
      signingDate: signedAt,
      expiresIn: Number(expires),
      signableHeaders: new Set(signedHeaders),
      unhoistableHeaders: new Set([...signedHeaders, PAYLOAD_HEADER]),
      unsignableHeaders: signedHeaders.includes(PAYLOAD_HEADER) ? undefined : new Set([PAYLOAD_HEADER]),
    },
  );
  const expected = Buffer.from(String(presigned.query?.["X-Amz-Signature"]));
  const given = Buffer.from(params.get("X-Amz-Signature")!.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse("The signature does not match this request (key, method, expiry or signed headers differ).");
  }

  // Checked after the signature, as S3 does, so an expired URL is told apart from a forged one.
  const now = (request.now ?? new Date()).getTime();
  if (signedAt.getTime() - CLOCK_SKEW_MS > now) return refuse("The presigned URL is not valid yet.");
  if (now > signedAt.getTime() + Number(expires) * 1000) return { ok: false, code: "storage.url_expired", message: "The presigned URL has expired." };
  return { ok: true };
}
