import { S3Bucket } from "../aws/s3";
import { bucketName, region, s3Endpoint, s3PublicEndpoint } from "../util/config";

/** s3rver takes any credentials; these are the ones it documents. */
const S3RVER = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let client: S3Bucket | undefined;

/** The uploads bucket. */
export function s3(): S3Bucket {
  const endpoint = s3Endpoint();
  client ??= new S3Bucket({ bucket: bucketName(), region: region(), ...(endpoint ? { endpoint, credentials: S3RVER } : {}) });
  return client;
}

let presigner: S3Bucket | undefined;

/**
 * The bucket as the browser reaches it, for signing URLs. In the local stack
 * that is s3rver through the app's own /s3 proxy; in AWS it is the ordinary one.
 */
export function presignClient(): S3Bucket {
  const publicEndpoint = s3PublicEndpoint();
  if (!publicEndpoint) return s3();
  presigner ??= new S3Bucket({ bucket: bucketName(), region: region(), endpoint: publicEndpoint, credentials: S3RVER });
  return presigner;
}
