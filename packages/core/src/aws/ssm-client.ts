import { SSMClient } from "@aws-sdk/client-ssm";
import { awsClientOptions } from "./client-options";
import { serviceEndpoint } from "../util/config";

/* SSM's client, one per container; loaded with import() when the first secret kept in SSM is read (util/config.ts). */
export { GetParametersCommand } from "@aws-sdk/client-ssm";

let client: { endpoint: string | undefined; ssm: SSMClient } | undefined;

/** Made again only if `AWS_ENDPOINT_URL_SSM` changes, which happens in tests alone. */
export function ssm(): SSMClient {
  const endpoint = serviceEndpoint("ssm");
  if (!client || client.endpoint !== endpoint) client = { endpoint, ssm: new SSMClient(awsClientOptions(endpoint)) };
  return client.ssm;
}
