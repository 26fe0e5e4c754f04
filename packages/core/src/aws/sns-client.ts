import { SNSClient } from "@aws-sdk/client-sns";
import { awsClientOptions } from "./client-options";
import { serviceEndpoint } from "../util/config";

/* SNS's client, one per container; loaded with import() by the SMS sender when it first sends. */
export { PublishCommand } from "@aws-sdk/client-sns";

let client: SNSClient | undefined;
export const sns = () => (client ??= new SNSClient(awsClientOptions(serviceEndpoint("sns"))));
