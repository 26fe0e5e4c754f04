import { S3Client } from "@aws-sdk/client-s3";
import { awsClientOptions } from "./client-options";
import { s3Endpoint, s3PublicEndpoint } from "../util/config";

/*
 * The uploads bucket's S3 client, one per container, and the commands the product sends. Callers load this
 * module with import() at first use (asset/storage.ts, storage/object-writer.ts, health), so a function that
 * never touches the bucket carries the S3 client only in a chunk it never loads (STYLE rule 11).
 */
export { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
export { getSignedUrl } from "@aws-sdk/s3-request-presigner";

/** s3rver takes any credentials; these are the ones it documents. */
const S3RVER = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * Checksums only where S3 requires one: a presigned PUT is signed before its body exists (a checksum signed
 * into the URL would be the empty body's), and s3rver does not read the SDK's default checksum trailers.
 */
const CHECKSUMS = { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } as const;

/** An emulator's endpoint (the local stack): path style, s3rver's credentials. */
const emulated = (endpoint: string) => new S3Client({ ...awsClientOptions(endpoint), ...CHECKSUMS, forcePathStyle: true, credentials: S3RVER });

let client: S3Client | undefined;

/** The uploads bucket's client. */
export function s3(): S3Client {
  const endpoint = s3Endpoint();
  client ??= endpoint ? emulated(endpoint) : new S3Client({ ...awsClientOptions(), ...CHECKSUMS });
  return client;
}

let presigner: S3Client | undefined;

/**
 * The bucket as the browser reaches it, for signing URLs. In the local stack that is s3rver through the
 * app's own /s3 proxy; in AWS it is the ordinary client.
 */
export function presignClient(): S3Client {
  const publicEndpoint = s3PublicEndpoint();
  if (!publicEndpoint) return s3();
  presigner ??= emulated(publicEndpoint);
  return presigner;
}

/** A missing object: HEAD answers a bare 404 (NotFound), GET an error body (NoSuchKey). */
export const isMissing = (error: unknown) =>
  error instanceof Error && (error.name === "NotFound" || error.name === "NoSuchKey" || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);
