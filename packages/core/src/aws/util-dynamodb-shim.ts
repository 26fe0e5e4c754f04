/**
 * Stands in for "@aws-sdk/util-dynamodb" in the Lambda build (esbuild `alias`):
 * ElectroDB unmarshalls cancelled transactions' items and stream records
 * with it.
 */
export { marshall, unmarshall } from "./attribute-value";
