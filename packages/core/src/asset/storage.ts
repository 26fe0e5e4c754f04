import { bucketDefinition } from "../db/definition";
import { bucketName } from "../util/config";
import { contentDisposition } from "../util/http-headers";
import { PART_BYTES } from "../storage/object-writer";

/** The S3 client and its commands, loaded at the first call (aws/s3-client.ts). */
const sdk = () => import("../aws/s3-client");

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
  const { getSignedUrl, presignClient, PutObjectCommand } = await sdk();
  const command = new PutObjectCommand({ Bucket: bucketName(), Key: key, ContentType: contentType, ...(size !== undefined ? { ContentLength: size } : {}) });
  // the type and length go in the signature: the holder must send exactly these
  const signableHeaders = new Set(["content-type", ...(size !== undefined ? ["content-length"] : [])]);
  return getSignedUrl(presignClient(), command, { expiresIn: PRESIGN_SECONDS, signableHeaders });
}

/** A short GET for showing or downloading an asset. */
export async function presignGet(key: string, options: { contentType: string; fileName: string; download: boolean }): Promise<string> {
  const { getSignedUrl, presignClient, GetObjectCommand } = await sdk();
  const command = new GetObjectCommand({
    Bucket: bucketName(),
    Key: key,
    ResponseContentType: options.contentType,
    ResponseContentDisposition: contentDisposition(options.download ? "attachment" : "inline", options.fileName),
  });
  return getSignedUrl(presignClient(), command, { expiresIn: PRESIGN_SECONDS });
}

/** Size of an object, or undefined when there is none. */
export async function sizeOf(key: string): Promise<number | undefined> {
  const { s3, isMissing, HeadObjectCommand } = await sdk();
  try {
    return (await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function body(key: string, range?: string): Promise<Buffer> {
  const { s3, GetObjectCommand } = await sdk();
  const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key, ...(range ? { Range: range } : {}) }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

/** The first bytes of an object, for the magic-bytes check. */
export async function firstBytes(key: string, count: number): Promise<Buffer> {
  return (await body(key, `bytes=0-${count - 1}`)).subarray(0, count);
}

export async function read(key: string): Promise<Buffer | undefined> {
  const { isMissing } = await sdk();
  try {
    return await body(key);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Stores a whole object; one above a part's size goes up in parts (lib-storage), each within the request timeout. */
export async function write(key: string, content: Buffer, contentType: string) {
  const { s3, PutObjectCommand } = await sdk();
  const params = { Bucket: bucketName(), Key: key, Body: content, ContentType: contentType };
  if (content.length <= PART_BYTES) {
    await s3().send(new PutObjectCommand(params));
    return;
  }
  const { Upload } = await import("../aws/s3-upload");
  await new Upload({ client: s3(), params, partSize: PART_BYTES, queueSize: 1 }).done();
}

const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** Copies within the bucket, with the content type given (the metadata replaced). */
export async function copy(from: string, to: string, contentType: string) {
  const { s3, CopyObjectCommand } = await sdk();
  const source = `${bucketName()}/${from.split("/").map(rfc3986).join("/")}`;
  await s3().send(new CopyObjectCommand({ Bucket: bucketName(), Key: to, CopySource: source, MetadataDirective: "REPLACE", ContentType: contentType }));
}

export async function move(from: string, to: string, contentType: string) {
  await copy(from, to, contentType);
  await remove(from);
}

export async function remove(key: string) {
  const { s3, DeleteObjectCommand } = await sdk();
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
}
