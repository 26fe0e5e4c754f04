import { s3 } from "./client";

/** S3's smallest part but the last. */
export const PART_BYTES = 5 * 1024 * 1024;

/**
 * Writes one object as it is produced (issue 18's files): bytes gather up to a part, each full part is
 * uploaded and let go, so a file of any size holds at most one part in memory. A file smaller than a part is
 * one ordinary PUT. `abort` drops a half-written upload (S3 would otherwise keep its parts).
 */
export class ObjectWriter {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private uploadId: string | undefined;
  private etags: string[] = [];
  private written = 0;

  constructor(
    readonly key: string,
    private readonly contentType: string,
    private readonly partBytes = PART_BYTES,
  ) {}

  /** Bytes written so far. */
  get bytes() {
    return this.written;
  }

  async write(chunk: Buffer | string): Promise<void> {
    const data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    this.chunks.push(data);
    this.buffered += data.length;
    this.written += data.length;
    if (this.buffered >= this.partBytes) await this.flushPart();
  }

  private async flushPart() {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.buffered = 0;
    this.uploadId ??= await s3().createMultipartUpload(this.key, this.contentType);
    this.etags.push(await s3().uploadPart(this.key, this.uploadId, this.etags.length + 1, body));
  }

  /** Stores what is left and completes the object; answers its size. */
  async close(): Promise<number> {
    if (!this.uploadId) {
      await s3().putObject(this.key, Buffer.concat(this.chunks), this.contentType);
    } else {
      if (this.buffered > 0) await this.flushPart();
      await s3().completeMultipartUpload(this.key, this.uploadId, this.etags);
    }
    this.chunks = [];
    return this.written;
  }

  async abort(): Promise<void> {
    this.chunks = [];
    if (this.uploadId) await s3().abortMultipartUpload(this.key, this.uploadId).catch(() => undefined);
  }
}
