import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { BillingMode } from "aws-cdk-lib/aws-dynamodb";
import { BlockPublicAccess, BucketEncryption, HttpMethods } from "aws-cdk-lib/aws-s3";
import { Bucket, Table, type StackContext } from "sst/constructs";
import { bucketDefinition, tableDefinition } from "../packages/core/src/db/definition";

/** Origins allowed to PUT to presigned URLs: the web app's own, when the stage has a fixed domain. */
export const uploadOrigins = () => (process.env.FLEETFORMS_WEB_ORIGIN ? [process.env.FLEETFORMS_WEB_ORIGIN] : ["*"]);

/** The single table and the uploads bucket, built from the definitions the local stack also uses. */
export function Storage({ stack, app }: StackContext) {
  const { partitionKey, sortKey, globalIndexes, timeToLiveAttribute } = tableDefinition;
  const keys = [partitionKey, sortKey, ...globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  const table = new Table(stack, "Main", {
    fields: Object.fromEntries(keys.map((key) => [key, "string" as const])),
    primaryIndex: { partitionKey, sortKey },
    globalIndexes: Object.fromEntries(globalIndexes.map((index) => [index.indexName, { partitionKey: index.partitionKey, sortKey: index.sortKey }])),
    timeToLiveAttribute,
    cdk: {
      table: {
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecovery: tableDefinition.pointInTimeRecovery,
        ...(app.stage === "prod" ? { removalPolicy: RemovalPolicy.RETAIN } : {}),
      },
    },
  });

  const bucket = new Bucket(stack, "Uploads", {
    cors: bucketDefinition.cors.map((rule) => ({
      allowedMethods: rule.allowedMethods.map((method) => HttpMethods[method]),
      allowedOrigins: uploadOrigins(),
      allowedHeaders: [...rule.allowedHeaders],
      exposedHeaders: [...rule.exposedHeaders],
      maxAge: `${rule.maxAgeSeconds} seconds`,
    })),
    cdk: {
      bucket: {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        encryption: BucketEncryption.S3_MANAGED,
        versioned: false,
        lifecycleRules: [
          { id: "abandoned-uploads", prefix: bucketDefinition.pendingPrefix, expiration: Duration.days(bucketDefinition.abandonedUploadDays) },
          { id: "incomplete-multipart", abortIncompleteMultipartUploadAfter: Duration.days(bucketDefinition.abortIncompleteMultipartDays) },
        ],
      },
    },
  });

  stack.addOutputs({ TableName: table.tableName, BucketName: bucket.bucketName });
  return { table, bucket };
}
