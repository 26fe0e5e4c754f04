/**
 * Stands in for "@aws-sdk/lib-dynamodb" in the Lambda build (esbuild `alias`):
 * ElectroDB requires that package at load and builds these commands for its
 * v3 client path, which our DocumentClient then sends. Exactly the names
 * electrodb/src/client.js reads from it (a unit test checks the list).
 */
export {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "./dynamodb";
