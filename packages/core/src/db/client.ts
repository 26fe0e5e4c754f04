import { DocumentClient } from "../aws/dynamodb";
import { dynamoEndpoint, region } from "../util/config";

let client: DocumentClient | undefined;

/** The table's document client; DynamoDB Local (any credentials will do) when the local stack names one. */
export function documentClient(): DocumentClient {
  const endpoint = dynamoEndpoint();
  client ??= new DocumentClient({
    region: region(),
    ...(endpoint ? { endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}
