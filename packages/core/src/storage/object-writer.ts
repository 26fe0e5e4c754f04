import { PassThrough } from "node:stream";
import { once } from "node:events";
import type { Upload } from "../aws/s3-upload";
import { bucketName } from "../util/config";

/** S3's smallest part but the last. */
export const PART_BYTES = 5 * 1024 * 1024;

/**
 * Writes one object as it is produced (issue 18's files), through lib-storage's Upload: bytes gather up to a
 * part, each full part is uploaded and let go, so a file of any size holds about one part in memory (one part
 * in flight, `queueSize` 1). A file smaller than a part is one ordinary PUT. `abort` drops a half-written
 * upload (S3 would otherwise keep its parts). The S3 client and lib-storage load at the first write.
 */
export class ObjectWriter {
  private stream: PassThrough | undefined;
  private upload: Upload | undefined;
  private done: Promise<unknown> | undefined;
  private written = 0;

  constructor(
    readonly key: string,
    private readonly contentType: string,
  ) {}

  /** Bytes written so far. */
  get bytes() {
    return this.written;
  }

  private async start() {
    const [{ s3 }, { Upload }] = await Promise.all([import("../aws/s3-client"), import("../aws/s3-upload")]);
    const stream = new PassThrough({ highWaterMark: PART_BYTES });
    this.upload = new Upload({ client: s3(), params: { Bucket: bucketName(), Key: this.key, Body: stream, ContentType: this.contentType }, partSize: PART_BYTES, queueSize: 1 });
    // a failed part ends the upload: the next write or close sees it
    this.done = this.upload.done();
    this.done.catch(() => stream.destroy());
    this.stream = stream;
    return stream;
  }

  async write(chunk: Buffer | string): Promise<void> {
    const data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    const stream = this.stream ?? (await this.start());
    this.written += data.length;
    if (!stream.write(data)) await Promise.race([once(stream, "drain"), this.done]);
  }

  /** Stores what is left and completes the object; answers its size. */
  async close(): Promise<number> {
    const stream = this.stream ?? (await this.start());
    stream.end();
    await this.done;
    return this.written;
  }

  async abort(): Promise<void> {
    this.stream?.destroy();
    await this.upload?.abort().catch(() => undefined);
  }
}
