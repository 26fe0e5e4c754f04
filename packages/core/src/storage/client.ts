import { S3Client } from "@aws-sdk/client-s3";
import { region, s3Endpoint, s3PublicEndpoint } from "../util/config";

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

let presigner: S3Client | undefined;

/**
 * The client that signs URLs the browser uses. In the local stack the browser
 * reaches s3rver through the app's own /s3 proxy; in AWS it is the ordinary client.
 */
export function presignClient(): S3Client {
  const publicEndpoint = s3PublicEndpoint();
  if (!publicEndpoint) return s3();
  presigner ??= new S3Client({
    region: region(),
    endpoint: publicEndpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return presigner;
}
