import { S3Client } from "@aws-sdk/client-s3";
import { region, s3Endpoint } from "../util/config";

let client: S3Client | undefined;

export function s3(): S3Client {
  if (client) return client;
  const endpoint = s3Endpoint();
  client = new S3Client({
    region: region(),
    ...(endpoint
      ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } }
      : {}),
  });
  return client;
}
