/** The table's document client (aws/dynamodb-client.ts), where the entities and the data layer's callers find it. */
export { createDocumentClient, documentClient } from "../aws/dynamodb-client";
