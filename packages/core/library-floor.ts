import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { GetParametersCommand, SSMClient } from "@aws-sdk/client-ssm";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { Entity } from "electrodb";

/*
 * The library floor (issue 37, docs/decisions.md): the SDK floor (sdk-floor.ts) plus the libraries the design
 * requires of every function that reads the table with a signed-in caller: ElectroDB (with the jsonschema it
 * validates models with) over the document client, and SSM's client, which reads the stage's secrets (the token
 * key) at a cold start. Measured with the SDK floor in the same run, so the size budget's allowance for these
 * libraries is what they weigh today, not a number written down. Not deployed.
 */
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const s3 = new S3Client({});
const ssm = new SSMClient({});
const entity = new Entity(
  {
    model: { entity: "floor", version: "1", service: "floor" },
    attributes: { id: { type: "string", required: true } },
    indexes: { primary: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } },
  },
  { client: documents, table: "floor" },
);

export const handler = async () => ({
  statusCode: 200,
  body: JSON.stringify({
    url: await getSignedUrl(s3, new GetObjectCommand({ Bucket: "floor", Key: "floor" }), { expiresIn: 60 }),
    get: entity.get({ id: "floor" }).params(),
    ssm: typeof ssm.send,
    command: new GetParametersCommand({ Names: ["floor"] }).input.Names,
  }),
});
