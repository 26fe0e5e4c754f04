import { ConfigError, region as configuredRegion } from "../util/config";
import { signedHeaders } from "./sigv4";
import { request, type Answer } from "./transport";

/**
 * The one way this code base talks to AWS: node:http(s) with kept-alive connections (transport.ts), SigV4 by
 * `sigv4.ts` (node:crypto), a few retries with jittered backoff, and errors shaped like the
 * v3 SDK's (`name`, `message`, `$metadata.httpStatusCode`, plus the service's
 * own fields such as DynamoDB's `CancellationReasons`), because our code and
 * ElectroDB inspect those. Each service module builds on `send` and imports
 * nothing else, so a function carries only the services it calls.
 */

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Lambda hands the function's role credentials to the runtime as environment variables. */
export function environmentCredentials(): Credentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError("AWS credentials are not in the environment: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (Lambda sets them).", "config.aws_credentials");
  }
  return { accessKeyId, secretAccessKey, ...(process.env.AWS_SESSION_TOKEN ? { sessionToken: process.env.AWS_SESSION_TOKEN } : {}) };
}

export interface ServiceConfig {
  /** SigV4 signing name: `dynamodb`, `s3`, `ssm`, `ses`, `sns` */
  service: string;
  region?: string;
  /** fixed credentials (the local emulators); otherwise the environment's */
  credentials?: Credentials;
}

/** What the v3 SDK puts on a thrown service error, and what callers here read. */
export interface ResponseMetadata {
  httpStatusCode?: number;
  requestId?: string;
  attempts: number;
}

export class AwsError extends Error {
  readonly $metadata: ResponseMetadata;
  readonly $fault: "client" | "server";
  /** DynamoDB TransactionCanceledException: one reason per item, `Item` still in DynamoDB JSON as the SDK leaves it */
  readonly CancellationReasons?: { Code?: string; Message?: string; Item?: Record<string, unknown> }[];
  [field: string]: unknown;

  constructor(name: string, message: string, metadata: ResponseMetadata, fields: Record<string, unknown> = {}) {
    super(message);
    Object.assign(this, fields);
    this.name = name;
    this.$metadata = metadata;
    this.$fault = (metadata.httpStatusCode ?? 500) >= 500 ? "server" : "client";
  }
}

export type ErrorFormat = "json" | "xml";

/** Throttling and transient kinds the v3 SDK's standard retry strategy retries, whatever the status. */
const RETRYABLE = new Set([
  "ThrottlingException",
  "Throttling",
  "ThrottledException",
  "RequestThrottledException",
  "TooManyRequestsException",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "RequestThrottled",
  "SlowDown",
  "PriorRequestNotComplete",
  "EC2ThrottledException",
  "TransactionInProgressException",
  "RequestTimeout",
  "RequestTimeoutException",
]);

export const retryPolicy = {
  /** attempts in all, the SDK's default */
  attempts: 3,
  /** full jitter: a random wait below base × 2^retry, capped */
  baseMs: 100,
  capMs: 5_000,
};

const isRetryable = (error: AwsError) => {
  const status = error.$metadata.httpStatusCode ?? 0;
  return status >= 500 || status === 429 || RETRYABLE.has(error.name);
};

const backoff = (retry: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(retryPolicy.capMs, retryPolicy.baseMs * 2 ** retry)));

export interface SendOptions extends ServiceConfig {
  url: string | URL;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** how the service words its errors: JSON (`__type`/`x-amzn-errortype`) or XML (`<Code>`) */
  errors: ErrorFormat;
}

export interface Sent {
  response: Answer;
  $metadata: ResponseMetadata;
}

/**
 * Signs and sends one request, retrying network failures, 5xx, 429 and
 * throttling errors; any other non-2xx answer becomes an AwsError at once.
 */
export async function send(options: SendOptions): Promise<Sent> {
  const credentials = options.credentials ?? environmentCredentials();
  const region = options.region ?? configuredRegion();
  const url = new URL(String(options.url));
  const method = options.method ?? "GET";
  for (let attempt = 1; ; attempt++) {
    let response: Answer;
    try {
      // signed again on each attempt: the signature carries the time
      const headers = signedHeaders({ method, url, headers: options.headers, body: options.body, credentials, service: options.service, region });
      response = await request(url, { method, headers, body: options.body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted || attempt >= retryPolicy.attempts) throw error;
      await backoff(attempt);
      continue;
    }
    const requestId = response.headers.get("x-amzn-requestid") ?? response.headers.get("x-amz-request-id") ?? undefined;
    const $metadata: ResponseMetadata = { httpStatusCode: response.status, requestId, attempts: attempt };
    if (response.ok) return { response, $metadata };
    const error = await errorOf(response, options.errors, $metadata);
    if (attempt >= retryPolicy.attempts || !isRetryable(error)) throw error;
    await backoff(attempt);
  }
}

const STATUS_NAMES: Record<number, string> = { 400: "BadRequest", 403: "Forbidden", 404: "NotFound", 409: "Conflict", 412: "PreconditionFailed", 500: "InternalError", 503: "ServiceUnavailable" };

/** The service's error as the v3 SDK would throw it: the type without its namespace, the message, the other fields. */
export async function errorOf(response: Pick<Answer, "status" | "headers" | "text">, format: ErrorFormat, metadata: ResponseMetadata): Promise<AwsError> {
  const text = await response.text().catch(() => "");
  const fallbackName = STATUS_NAMES[response.status] ?? "UnknownError";
  if (format === "xml") {
    const tag = (name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1];
    const name = tag("Code") ?? fallbackName;
    return new AwsError(name, unescapeXml(tag("Message") ?? name), { ...metadata, requestId: metadata.requestId ?? tag("RequestId") });
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch (error) {
    // not JSON (a proxy's page): the status names the error
    if (!(error instanceof SyntaxError)) throw error;
  }
  const type = response.headers.get("x-amzn-errortype")?.split(":")[0] || String(body.__type ?? body.code ?? body.Code ?? fallbackName);
  const name = type.slice(type.lastIndexOf("#") + 1);
  const { __type, message, Message, ...fields } = body;
  void __type;
  return new AwsError(name, String(message ?? Message ?? name), metadata, fields);
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[entity]!);
}
