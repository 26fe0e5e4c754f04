import { AppError } from "./errors";

/**
 * Configuration comes from SST binding (STYLE rule 7). Bound resources and
 * secrets arrive as `SST_<Construct>_<prop>_<id>` environment variables; the
 * local stack sets the very same names. Deployed secrets hold the marker
 * `__FETCH_FROM_SSM__`: they are read from SSM Parameter Store, at SST v2's
 * paths, with one GetParameters call at first use, and kept for the life of
 * the container. Not `sst/node/config`: it reads every secret with a top-level await at import, so each
 * function would load the SSM client and wait on SSM before its first request; here the SSM client
 * (aws/ssm-client.ts) loads only when a secret waiting in SSM is first read.
 */
const SSM_MARKER = "__FETCH_FROM_SSM__";

/** Something the deployment should have provided is missing or unreadable: a 500 whose log line names it. */
export class ConfigError extends AppError {
  override name = "ConfigError";
  constructor(message: string, code = "config.missing") {
    super(code, message, 500);
  }
}

function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
}

function required(name: string, what: string): string {
  const value = env(name);
  if (!value) throw new ConfigError(`${what} is not configured: set ${name} (bind it in the stack).`);
  return value;
}

export const tableName = () => required("SST_Table_tableName_Main", "The DynamoDB table");
export const bucketName = () => required("SST_Bucket_bucketName_Uploads", "The uploads bucket");
export const region = () => env("AWS_REGION") ?? env("SST_REGION") ?? "us-east-1";
/** Local stack only: DynamoDB Local and s3rver endpoints. Unset in AWS. */
export const dynamoEndpoint = () => env("FLEETFORMS_DYNAMODB_ENDPOINT");
/**
 * Local stack only: how long DynamoDB Local may take to answer, in ms. It is a JVM on a shared machine (a Scan
 * while every function is being built can take seconds); AWS's own timeouts (aws/client-options.ts) are for AWS.
 */
export const dynamoRequestTimeoutMs = () => Number(env("FLEETFORMS_DYNAMODB_REQUEST_TIMEOUT_MS")) || undefined;
export const s3Endpoint = () => env("FLEETFORMS_S3_ENDPOINT");
/** Local stack only: where the browser reaches s3rver (the app's own /s3 proxy), for presigned URLs. */
export const s3PublicEndpoint = () => env("FLEETFORMS_S3_PUBLIC_ENDPOINT");
export const isLocal = () => env("FLEETFORMS_LOCAL") === "1";
/** The largest document a company may keep (issue 15): `FLEETFORMS_DOCUMENT_MAX_MB`, 25 MB unless set. */
export const documentMaxBytes = () => Math.max(1, Number(env("FLEETFORMS_DOCUMENT_MAX_MB")) || 25) * 1024 * 1024;
/** The AWS SDKs' own override, `AWS_ENDPOINT_URL_<SERVICE>` (e.g. `AWS_ENDPOINT_URL_SSM`), for tests and emulators. */
export const serviceEndpoint = (serviceId: string) => env(`AWS_ENDPOINT_URL_${serviceId.toUpperCase()}`);

type Kind = "Secret" | "Parameter";
const slot = (kind: Kind, name: string) => `${kind}/${name}`;

/**
 * Every bound value that waits in SSM, read together. A complete read is kept
 * for the container's life; one that lacks a secret for a minute (a stage fixed
 * with `sst secrets set` recovers without a redeploy, and a broken one does not
 * call SSM on every request); a failed read not at all.
 */
let fromSsm: { values: Promise<SsmValues>; until: number } | undefined;
const RETRY_INCOMPLETE_MS = 60_000;

interface SsmValues {
  values: Map<string, string>;
  complete: boolean;
}

function readSsm(): Promise<SsmValues> {
  if (fromSsm && Date.now() < fromSsm.until) return fromSsm.values;
  const entry = { values: loadFromSsm(), until: Infinity };
  fromSsm = entry;
  entry.values.then(
    (read) => {
      if (!read.complete) entry.until = Date.now() + RETRY_INCOMPLETE_MS;
    },
    () => {
      if (fromSsm === entry) fromSsm = undefined;
    },
  );
  return entry.values;
}

async function loadFromSsm(): Promise<SsmValues> {
  const waiting = Object.entries(process.env)
    .filter(([, value]) => value === SSM_MARKER)
    .map(([name]) => /^SST_(Secret|Parameter)_value_(.+)$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ kind: match[1] as Kind, name: match[2]! }));
  const values = new Map<string, string>();
  if (waiting.length === 0) return { values, complete: true };
  const { ssm, GetParametersCommand } = await import("../aws/ssm-client");
  // GetParameters takes at most ten names a call; names that do not exist are absent from the answer
  const getParameters = async (names: string[]) => {
    const found = new Map<string, string>();
    const batches = Array.from({ length: Math.ceil(names.length / 10) }, (_, i) => names.slice(i * 10, (i + 1) * 10));
    for (const { Parameters = [] } of await Promise.all(batches.map((Names) => ssm().send(new GetParametersCommand({ Names, WithDecryption: true }))))) {
      for (const { Name, Value } of Parameters) if (Name !== undefined && Value !== undefined) found.set(Name, Value);
    }
    return found;
  };
  // sst/node/util: `${SST_SSM_PREFIX}<Construct>/<id>/<prop>`, then the app-wide fallback for secrets.
  const prefix = env("SST_SSM_PREFIX") ?? "";
  const primary = await getParameters(waiting.map(({ kind, name }) => `${prefix}${kind}/${name}/value`));
  waiting.forEach(({ kind, name }) => {
    const value = primary.get(`${prefix}${kind}/${name}/value`);
    if (value !== undefined) values.set(slot(kind, name), value);
  });
  const fallbackPath = (name: string) => `/sst/${env("SST_APP")}/.fallback/Secret/${name}/value`;
  const unset = waiting.filter(({ kind, name }) => kind === "Secret" && !values.has(slot(kind, name)));
  if (unset.length > 0) {
    const fallback = await getParameters(unset.map(({ name }) => fallbackPath(name)));
    unset.forEach(({ name }) => {
      const value = fallback.get(fallbackPath(name));
      if (value !== undefined) values.set(slot("Secret", name), value);
    });
  }
  return { values, complete: waiting.every(({ kind, name }) => kind !== "Secret" || values.has(slot(kind, name))) };
}

async function bound(kind: Kind, name: string): Promise<string | undefined> {
  const raw = env(`SST_${kind}_value_${name}`);
  if (raw !== SSM_MARKER) return raw;
  let read: SsmValues;
  try {
    read = await readSsm();
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    const reason = error instanceof Error ? `${error.name}: ${error.message}${code ? ` (${code})` : ""}` : String(error);
    throw new ConfigError(`${kind} ${name} could not be read from SSM Parameter Store (${reason})`, "config.ssm_unreadable");
  }
  return read.values.get(slot(kind, name));
}

export async function secret(name: string): Promise<string> {
  const value = await bound("Secret", name);
  const stage = env("SST_STAGE");
  if (!value) throw new ConfigError(`Secret ${name} is not set: npx sst secrets set ${name} <value>${stage ? ` --stage ${stage}` : ""}`, "config.secret_missing");
  return value;
}

export const optionalSecret = (name: string) => bound("Secret", name);
export const parameter = (name: string) => bound("Parameter", name);
