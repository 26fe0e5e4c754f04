import { createHash, createHmac } from "node:crypto";
import type { Credentials } from "./signer";

/**
 * AWS Signature Version 4 in request headers, with node:crypto. Every DynamoDB, S3, SES, SNS and SSM call
 * signs through here, so it is built for the hot path: synchronous HMACs, the day's signing key derived once
 * per secret, region and service, and no Request object to build and clone before `fetch`. S3's presigned
 * URLs sign through here too (`presignedUrl`). The canonical form is aws4fetch's, which this replaced: S3 paths
 * are encoded once as written and repeated query keys kept once, other services' paths are normalised and
 * encoded twice (aws-client.test.ts compares the two signers on the same requests, and checks presigned URLs
 * with an implementation written from AWS's description and its documented example).
 */

/** Headers a proxy or the HTTP stack may change on the way: never signed. */
const UNSIGNABLE = new Set(["authorization", "content-type", "content-length", "user-agent", "presigned-expires", "expect", "x-amzn-trace-id", "range", "connection"]);

const signingKeys = new Map<string, Buffer>();

function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const cacheKey = `${secret}\n${date}\n${region}\n${service}`;
  let key = signingKeys.get(cacheKey);
  if (!key) {
    key = [date, region, service, "aws4_request"].reduce<Buffer>((last, part) => createHmac("sha256", last).update(part).digest(), Buffer.from(`AWS4${secret}`));
    if (signingKeys.size > 100) signingKeys.clear();
    signingKeys.set(cacheKey, key);
  }
  return key;
}

const rfc3986 = (text: string) => text.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalPath(url: URL, service: string): string {
  let path = url.pathname;
  if (service === "s3") {
    try {
      path = decodeURIComponent(path.replace(/\+/g, " "));
    } catch {
      // a malformed escape is signed as written
    }
  } else {
    path = path.replace(/\/+/g, "/");
  }
  return rfc3986(encodeURIComponent(path).replace(/%2F/g, "/"));
}

function canonicalQuery(url: URL, service: string): string {
  const seen = new Set<string>();
  return [...url.searchParams]
    .filter(([key]) => {
      if (!key) return false;
      if (service !== "s3") return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(([key, value]) => [rfc3986(encodeURIComponent(key)), rfc3986(encodeURIComponent(value))] as const)
    .sort(([k1, v1], [k2, v2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

export interface SignInput {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  credentials: Credentials;
  service: string;
  region: string;
  /** the signing time (tests); now by default */
  now?: Date;
}

/** `20130524T000000Z`: SigV4's time of signing. */
const datetimeOf = (now = new Date()) => now.toISOString().replace(/[:-]|\.\d{3}/g, "");

/** The signature of a canonical request whose query and headers are final (SigV4's steps 1 to 4). */
function signatureOf(input: SignInput, url: URL, datetime: string, scope: string, headers: Record<string, string>, names: string[], payloadHash: string) {
  const canonicalHeaders = names.map((name) => `${name}:${(name === "host" ? url.host : headers[name]!).replace(/\s+/g, " ")}\n`).join("");
  const canonical = [input.method.toUpperCase(), canonicalPath(url, input.service), canonicalQuery(url, input.service), canonicalHeaders, names.join(";"), payloadHash].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", datetime, scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  return createHmac("sha256", signingKey(input.credentials.secretAccessKey, datetime.slice(0, 8), input.region, input.service)).update(toSign).digest("hex");
}

const lowerCased = (headers: Record<string, string> = {}) => {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== "host") lower[name.toLowerCase()] = value.trim();
  return lower;
};

/** The request's headers with `x-amz-date`, the session token, S3's payload header and `authorization` added. */
export function signedHeaders(input: SignInput): Record<string, string> {
  const headers = lowerCased(input.headers);
  const datetime = datetimeOf(input.now);
  if (input.service === "s3" && headers["x-amz-content-sha256"] === undefined) headers["x-amz-content-sha256"] = "UNSIGNED-PAYLOAD";
  headers["x-amz-date"] = datetime;
  if (input.credentials.sessionToken) headers["x-amz-security-token"] = input.credentials.sessionToken;

  const names = ["host", ...Object.keys(headers).filter((name) => !UNSIGNABLE.has(name))].sort();
  const payloadHash = headers["x-amz-content-sha256"] ?? createHash("sha256").update(input.body ?? "").digest("hex");
  const scope = `${datetime.slice(0, 8)}/${input.region}/${input.service}/aws4_request`;
  const signature = signatureOf(input, input.url, datetime, scope, headers, names, payloadHash);
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`;
  return headers;
}

/**
 * A presigned URL (SigV4 in the query string, S3's UNSIGNED-PAYLOAD): the URL's own query (`X-Amz-Expires`,
 * `response-content-disposition`...) is signed with it, and every header given is signed, so the holder must
 * send exactly those values (a PUT's type and length). The session token goes in the query, signed.
 */
export function presignedUrl(input: Omit<SignInput, "body">): URL {
  const url = new URL(input.url);
  const headers = lowerCased(input.headers);
  const datetime = datetimeOf(input.now);
  const scope = `${datetime.slice(0, 8)}/${input.region}/${input.service}/aws4_request`;
  const names = ["host", ...Object.keys(headers)].sort();
  url.searchParams.set("X-Amz-Algorithm", "AWS4-HMAC-SHA256");
  url.searchParams.set("X-Amz-Credential", `${input.credentials.accessKeyId}/${scope}`);
  url.searchParams.set("X-Amz-Date", datetime);
  if (input.credentials.sessionToken) url.searchParams.set("X-Amz-Security-Token", input.credentials.sessionToken);
  url.searchParams.set("X-Amz-SignedHeaders", names.join(";"));
  url.searchParams.set("X-Amz-Signature", signatureOf(input, url, datetime, scope, headers, names, "UNSIGNED-PAYLOAD"));
  return url;
}
