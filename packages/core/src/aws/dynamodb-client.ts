import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { awsClientOptions } from "./client-options";
import { dynamoEndpoint, dynamoRequestTimeoutMs } from "../util/config";

/*
 * The table's document client, one per container, and the document commands the product sends itself (the
 * entities send theirs through ElectroDB, db/electrodb.ts). Nearly every function reads the table in its access
 * check, so this is imported, not loaded at first use.
 */
export { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * A document client of the table: the AWS SDK v3 with the timeouts and the standard retry strategy of every AWS
 * client (client-options.ts); the SDK fills a TransactWriteItems' ClientRequestToken in, so a transaction it
 * sends again after a lost answer applies once. Values as the entities write them: undefined ones dropped.
 * DynamoDB Local (any credentials will do, and the local stack may allow it longer to answer) when an endpoint
 * is named; in AWS the region's endpoint and the function role's credentials.
 */
export function createDocumentClient(endpoint = dynamoEndpoint()): DynamoDBDocumentClient {
  const options = awsClientOptions(endpoint);
  const local = endpoint ? dynamoRequestTimeoutMs() : undefined;
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      ...options,
      ...(local ? { requestHandler: { ...options.requestHandler, requestTimeout: local, socketTimeout: local } } : {}),
      ...(endpoint ? { credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}

let client: DynamoDBDocumentClient | undefined;

/** The table's document client, one per container. */
export function documentClient(): DynamoDBDocumentClient {
  return (client ??= createDocumentClient());
}
