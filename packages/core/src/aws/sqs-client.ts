import { SQSClient } from "@aws-sdk/client-sqs";
import { awsClientOptions } from "./client-options";
import { serviceEndpoint } from "../util/config";

/* SQS's client, one per container; loaded with import() by the reports queue when it first sends. */
export { SendMessageBatchCommand } from "@aws-sdk/client-sqs";

let client: SQSClient | undefined;
export const sqs = () => (client ??= new SQSClient(awsClientOptions(serviceEndpoint("sqs"))));
