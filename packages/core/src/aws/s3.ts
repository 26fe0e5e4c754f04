import { AwsError, environmentCredentials, errorOf, send, type Credentials, type SendOptions } from "./signer";
import { presignedUrl } from "./sigv4";
import { answerOf } from "./transport";
import { region as configuredRegion } from "../util/config";

/**
 * The S3 calls this product makes, over S3's REST API: objects are addressed
 * virtual-hosted style in AWS (`<bucket>.s3.<region>.amazonaws.com/<key>`) and
 * path style on an explicit endpoint (s3rver, the local /s3 proxy). Bodies go
 * as UNSIGNED-PAYLOAD (TLS protects them in transit), so a PDF is not hashed
 * before it is sent.
 */

export interface S3Config {
  bucket: string;
  /** path-style endpoint (s3rver); AWS's regional virtual-hosted endpoint otherwise */
  endpoint?: string;
  region?: string;
  credentials?: Credentials;
}

export interface ObjectHead {
  contentLength: number;
  contentType?: string;
}

const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 3986 encoding of each key segment; S3 reads `/` in a key as a separator only for display. */
const encodeKey = (key: string) => key.split("/").map(rfc3986).join("/");

type ObjectRequest = Pick<SendOptions, "method" | "headers" | "body" | "signal">;

export class S3Bucket {
  constructor(private readonly config: S3Config) {}

  private get region() {
    return this.config.region ?? configuredRegion();
  }

  /** The object's URL (the bucket's with no key). Buckets with dots go path style: their names break the TLS wildcard. */
  url(key = ""): URL {
    const { bucket, endpoint } = this.config;
    const path = encodeKey(key);
    if (endpoint) return new URL(`${endpoint.replace(/\/+$/, "")}/${bucket}/${path}`);
    if (bucket.includes(".")) return new URL(`https://s3.${this.region}.amazonaws.com/${bucket}/${path}`);
    return new URL(`https://${bucket}.s3.${this.region}.amazonaws.com/${path}`);
  }

  /** `keyAndQuery` addresses a key with a query (`key?uploads`): the key is encoded, the query kept. */
  private request(key: string | undefined, init: ObjectRequest, keyAndQuery?: string) {
    let url = this.url(key);
    if (keyAndQuery !== undefined) {
      const at = keyAndQuery.indexOf("?");
      url = this.url(keyAndQuery.slice(0, at));
      url.search = keyAndQuery.slice(at);
    }
    return send({ service: "s3", region: this.region, credentials: this.config.credentials, url, errors: "xml", method: init.method, headers: init.headers, body: init.body, signal: init.signal });
  }

  /** A request whose answer is only its status and headers (the transport has read the body whole). */
  private async answer(key: string | undefined, init: ObjectRequest, keyAndQuery?: string) {
    return (await this.request(key, init, keyAndQuery)).response;
  }

  async getObject(key: string, options: { range?: string } = {}): Promise<{ body: Buffer; contentType?: string }> {
    const { response } = await this.request(key, { method: "GET", headers: options.range ? { range: options.range } : {} });
    return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? undefined };
  }

  async headObject(key: string): Promise<ObjectHead> {
    const response = await this.answer(key, { method: "HEAD" });
    return { contentLength: Number(response.headers.get("content-length") ?? 0), contentType: response.headers.get("content-type") ?? undefined };
  }

  async putObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.answer(key, { method: "PUT", headers: { "content-type": contentType }, body });
  }

  /** Copies within the bucket, replacing the metadata (the content type) when asked. */
  async copyObject(from: string, to: string, options: { contentType?: string } = {}): Promise<void> {
    const headers: Record<string, string> = { "x-amz-copy-source": `/${this.config.bucket}/${encodeKey(from)}` };
    if (options.contentType) Object.assign(headers, { "x-amz-metadata-directive": "REPLACE", "content-type": options.contentType });
    const { response, $metadata } = await this.request(to, { method: "PUT", headers });
    // S3 may answer a copy with 200 and an <Error> body when it fails part way.
    const text = await response.text();
    if (/<Error>/.test(text)) throw await errorOf(answerOf(500, text), "xml", $metadata);
  }

  /** Starts a multipart upload (objects written in parts, never whole in memory); answers its upload id. */
  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    const url = `${key}?uploads`;
    const { response } = await this.request(undefined, { method: "POST", headers: { "content-type": contentType } }, url);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await response.text())?.[1];
    if (!uploadId) throw new Error("S3 answered a multipart upload without an UploadId");
    return uploadId;
  }

  /** One part (at least 5 MiB but the last); answers its ETag for the completion. */
  async uploadPart(key: string, uploadId: string, partNumber: number, body: Uint8Array): Promise<string> {
    const response = await this.answer(undefined, { method: "PUT", body }, `${key}?partNumber=${partNumber}&uploadId=${encodeURIComponent(uploadId)}`);
    const etag = response.headers.get("etag");
    if (!etag) throw new Error(`S3 answered part ${partNumber} without an ETag`);
    return etag;
  }

  async completeMultipartUpload(key: string, uploadId: string, etags: string[]): Promise<void> {
    const body = `<CompleteMultipartUpload>${etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}</ETag></Part>`).join("")}</CompleteMultipartUpload>`;
    const { response, $metadata } = await this.request(undefined, { method: "POST", headers: { "content-type": "application/xml" }, body }, `${key}?uploadId=${encodeURIComponent(uploadId)}`);
    // like a copy, a completion may answer 200 with an <Error> body
    const text = await response.text();
    if (/<Error>/.test(text)) throw await errorOf(answerOf(500, text), "xml", $metadata);
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    await this.answer(undefined, { method: "DELETE" }, `${key}?uploadId=${encodeURIComponent(uploadId)}`);
  }

  async deleteObject(key: string): Promise<void> {
    await this.answer(key, { method: "DELETE" });
  }

  async headBucket(): Promise<void> {
    await this.answer(undefined, { method: "HEAD" });
  }

  /**
   * A URL that lets its holder make one request without credentials, valid
   * `expiresIn` seconds. `signedHeaders` must then be sent with exactly these
   * values (a PUT's type and length); `query` adds signed parameters such as
   * `response-content-disposition`.
   */
  async presign(
    key: string,
    options: { method: "GET" | "PUT"; expiresIn: number; signedHeaders?: Record<string, string>; query?: Record<string, string>; now?: Date },
  ): Promise<string> {
    const url = this.url(key);
    url.searchParams.set("X-Amz-Expires", String(options.expiresIn));
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const signed = presignedUrl({
      url,
      method: options.method,
      headers: options.signedHeaders ?? {},
      credentials: this.config.credentials ?? environmentCredentials(),
      service: "s3",
      region: this.region,
      now: options.now,
    });
    // RFC 3986 throughout, as the SDK writes it: URLSearchParams would write a space as "+", which S3 may read literally.
    signed.search = [...signed.searchParams].map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`).join("&");
    return signed.toString();
  }
}

/** A missing object: HEAD answers a bare 404 (NotFound), GET an error body (NoSuchKey). */
export const isMissing = (error: unknown) =>
  error instanceof AwsError && (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
