import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

/*
 * The SDK floor (issue 37): a function that only sets up the DynamoDB document client, the S3 client and the
 * presigner, which any function of such an app carries. The deploy rehearsal builds it with SST's options
 * beside the product's functions (scripts/functions-build.ts), and budgets are measured against it: each
 * function's size, and in `npm run bench -- functions` its cold import. Not deployed.
 */
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const s3 = new S3Client({});

export const handler = async () => ({
  statusCode: 200,
  body: JSON.stringify({ url: await getSignedUrl(s3, new GetObjectCommand({ Bucket: "floor", Key: "floor" }), { expiresIn: 60 }), documents: typeof documents.send }),
});
