import { isMissing } from "../aws/s3";
import { presignClient, s3 } from "../storage/client";
import { bucketDefinition } from "../db/definition";
import { contentDisposition } from "../util/http-headers";

/** DESIGN §5: presigned URLs are valid at most 5 minutes. */
export const PRESIGN_SECONDS = 300;

const companyPrefix = (companyId: string) => `companies/${encodeURIComponent(companyId)}`;
/** Where the browser puts an upload; the bucket drops what stays here past a day (never validated). */
export const pendingKey = (companyId: string, assetId: number) => `${bucketDefinition.pendingPrefix}${companyPrefix(companyId)}/assets/${assetId}`;
/** Where a validated asset lives. */
export const assetKey = (companyId: string, assetId: number) => `${companyPrefix(companyId)}/assets/${assetId}`;
/** A tenant export's ZIP: under the pending prefix, so the bucket drops it within a day. */
export const exportKey = (companyId: string, name: string) => `${bucketDefinition.pendingPrefix}${companyPrefix(companyId)}/exports/${name}`;
/** Rendered PDFs, one per submission version, template revision and language. */
export const pdfKey = (companyId: string, name: string) => `${companyPrefix(companyId)}/pdf/${name}`;

/** A PUT signed for one key, its content type and its exact length. */
export async function presignPut(key: string, contentType: string, size: number | undefined): Promise<string> {
  const signedHeaders = { "content-type": contentType, ...(size !== undefined ? { "content-length": String(size) } : {}) };
  return presignClient().presign(key, { method: "PUT", expiresIn: PRESIGN_SECONDS, signedHeaders });
}

/** A short GET for showing or downloading an asset. */
export async function presignGet(key: string, options: { contentType: string; fileName: string; download: boolean }): Promise<string> {
  const query = { "response-content-type": options.contentType, "response-content-disposition": contentDisposition(options.download ? "attachment" : "inline", options.fileName) };
  return presignClient().presign(key, { method: "GET", expiresIn: PRESIGN_SECONDS, query });
}

/** Size of an object, or undefined when there is none. */
export async function sizeOf(key: string): Promise<number | undefined> {
  try {
    return (await s3().headObject(key)).contentLength;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The first bytes of an object, for the magic-bytes check. */
export async function firstBytes(key: string, count: number): Promise<Buffer> {
  const object = await s3().getObject(key, { range: `bytes=0-${count - 1}` });
  return object.body.subarray(0, count);
}

export async function read(key: string): Promise<Buffer | undefined> {
  try {
    return (await s3().getObject(key)).body;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function write(key: string, body: Buffer, contentType: string) {
  await s3().putObject(key, body, contentType);
}

export async function copy(from: string, to: string, contentType: string) {
  await s3().copyObject(from, to, { contentType });
}

export async function move(from: string, to: string, contentType: string) {
  await s3().copyObject(from, to, { contentType });
  await remove(from);
}

export async function remove(key: string) {
  await s3().deleteObject(key);
}
