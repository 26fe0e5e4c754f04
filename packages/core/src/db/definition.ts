/**
 * The single table and the uploads bucket, defined once. `stacks/Storage.ts`
 * builds the AWS resources from these and the local stack creates DynamoDB
 * Local's table and s3rver's bucket from them, so the two cannot drift.
 */
export const tableDefinition = {
  partitionKey: "pk",
  sortKey: "sk",
  /** Generic secondary indexes; each access pattern documents why it uses one. */
  globalIndexes: [
    { indexName: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    { indexName: "gsi2", partitionKey: "gsi2pk", sortKey: "gsi2sk" },
  ],
  /** Epoch seconds; DynamoDB removes the item some time after, reads check it too. */
  timeToLiveAttribute: "expiresAt",
  pointInTimeRecovery: true,
  billing: "PAY_PER_REQUEST",
} as const;

export const bucketDefinition = {
  /** Presigned PUTs come straight from the browser. */
  cors: [
    {
      allowedMethods: ["PUT", "GET", "HEAD"] as const,
      allowedHeaders: ["*"],
      exposedHeaders: ["ETag"],
      maxAgeSeconds: 3000,
    },
  ],
  /** Uploads that were never validated are dropped after a day. */
  pendingPrefix: "pending/",
  abandonedUploadDays: 1,
  /** Anything multipart that stalled. */
  abortIncompleteMultipartDays: 1,
} as const;
