import { SSMClient } from "@aws-sdk/client-ssm";
import { awsClientOptions } from "./client-options";
import { serviceEndpoint } from "../util/config";

/* SSM's client, one per container; loaded with import() when the first secret kept in SSM is read (util/config.ts). */
export { GetParametersCommand } from "@aws-sdk/client-ssm";

let client: SSMClient | undefined;
export const ssm = () => (client ??= new SSMClient(awsClientOptions(serviceEndpoint("ssm"))));
