/**
 * Configuration comes from SST binding (STYLE rule 7). Bound resources and
 * secrets arrive as `SST_<Construct>_<prop>_<id>` environment variables; the
 * local stack sets the very same names. Deployed secrets hold the marker
 * `__FETCH_FROM_SSM__` and are resolved through SST's own client.
 */
const SSM_MARKER = "__FETCH_FROM_SSM__";

export class ConfigError extends Error {}

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
export const s3Endpoint = () => env("FLEETFORMS_S3_ENDPOINT");
/** Local stack only: where the browser reaches s3rver (the app's own /s3 proxy), for presigned URLs. */
export const s3PublicEndpoint = () => env("FLEETFORMS_S3_PUBLIC_ENDPOINT");
export const isLocal = () => env("FLEETFORMS_LOCAL") === "1";

const resolved = new Map<string, string>();

async function bound(kind: "Secret" | "Parameter", name: string): Promise<string | undefined> {
  const raw = env(`SST_${kind}_value_${name}`);
  if (raw !== SSM_MARKER) return raw;
  const cached = resolved.get(name);
  if (cached) return cached;
  const { Config } = (await import("sst/node/config")) as unknown as { Config: Record<string, string> };
  const value = Config[name];
  if (value) resolved.set(name, value);
  return value;
}

export async function secret(name: string): Promise<string> {
  const value = await bound("Secret", name);
  if (!value) throw new ConfigError(`Secret ${name} is not set: npx sst secrets set ${name} <value>`);
  return value;
}

export const optionalSecret = (name: string) => bound("Secret", name);
export const parameter = (name: string) => bound("Parameter", name);
