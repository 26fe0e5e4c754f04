/*
 * What ElectroDB takes from the AWS SDK, for the functions' bundles (stacks/functions.ts). ElectroDB's client
 * (electrodb/src/client.js) does `require("@aws-sdk/lib-dynamodb")` and `require("@aws-sdk/util-dynamodb")`
 * and then uses ten command classes and `unmarshall`; a `require` keeps the whole module, and lib-dynamodb's
 * whole module pulls in client-dynamodb's aggregated client, its waiters and every operation's schema, about
 * 60 KB of each function's bundle that nothing calls. The bundles resolve ElectroDB's two requires here: the same
 * classes from the same packages, named, so esbuild keeps only these. ElectroDB itself is not changed, and
 * outside the bundles (tests, the local stack) it loads the packages as published.
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
} from "@aws-sdk/lib-dynamodb";
export { unmarshall } from "@aws-sdk/util-dynamodb";
