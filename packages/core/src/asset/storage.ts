import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { presignClient, s3 } from "../storage/client";
import { bucketDefinition } from "../db/definition";
import { bucketName } from "../util/config";

/** DESIGN §5: presigned URLs are valid at most 5 minutes. */
export const PRESIGN_SECONDS = 300;

const companyPrefix = (companyId: string) => `companies/${encodeURIComponent(companyId)}`;
/** Where the browser puts an upload; the bucket drops what stays here past a day (never validated). */
export const pendingKey = (companyId: string, assetId: number) => `${bucketDefinition.pendingPrefix}${companyPrefix(companyId)}/assets/${assetId}`;
/** Where a validated asset lives. */
export const assetKey = (companyId: string, assetId: number) => `${companyPrefix(companyId)}/assets/${assetId}`;
/** Rendered PDFs, one per submission version, template revision and language. */
export const pdfKey = (companyId: string, name: string) => `${companyPrefix(companyId)}/pdf/${name}`;

/** A PUT signed for one key, its content type and its exact length. */
export async function presignPut(key: string, contentType: string, size: number): Promise<string> {
  const command = new PutObjectCommand({ Bucket: bucketName(), Key: key, ContentType: contentType, ContentLength: size });
  // `as never`: the presigner and client-s3 pin different @smithy/types releases; the objects are compatible at run time.
  return getSignedUrl(presignClient() as never, command as never, { expiresIn: PRESIGN_SECONDS, signableHeaders: new Set(["content-type", "content-length"]) });
}

/** A short GET for showing or downloading an asset. */
export async function presignGet(key: string, options: { contentType: string; fileName: string; download: boolean }): Promise<string> {
  const disposition = `${options.download ? "attachment" : "inline"}; filename="${options.fileName.replace(/[^\w.\- ]/g, "_")}"`;
  const command = new GetObjectCommand({ Bucket: bucketName(), Key: key, ResponseContentType: options.contentType, ResponseContentDisposition: disposition });
  return getSignedUrl(presignClient() as never, command as never, { expiresIn: PRESIGN_SECONDS });
}

const isMissing = (error: unknown) => {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return named?.name === "NotFound" || named?.name === "NoSuchKey" || named?.$metadata?.httpStatusCode === 404;
};

/** Size of an object, or undefined when there is none. */
export async function sizeOf(key: string): Promise<number | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The first bytes of an object, for the magic-bytes check. */
export async function firstBytes(key: string, count: number): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key, Range: `bytes=0-${count - 1}` }));
  return Buffer.from(await object.Body!.transformToByteArray()).subarray(0, count);
}

export async function read(key: string): Promise<Buffer | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function write(key: string, body: Buffer, contentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: contentType }));
}

export async function move(from: string, to: string, contentType: string) {
  await s3().send(
    new CopyObjectCommand({ Bucket: bucketName(), Key: to, CopySource: `${bucketName()}/${from.split("/").map(encodeURIComponent).join("/")}`, ContentType: contentType, MetadataDirective: "REPLACE" }),
  );
  await remove(from);
}

export async function remove(key: string) {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
}
