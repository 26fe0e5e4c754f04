import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";

/*
 * ZIP archives written as they are made (report ZIPs, the tenant export), on yazl: each entry is deflated as
 * its content arrives and handed on, ZIP64 records are written when an entry, the offsets or the entry count
 * need them, and names are UTF-8 with the language-encoding flag in an archive "made by" Unix (3), so
 * Info-ZIP's `unzip` shows `ñ` (issue 38: our own writer said MS-DOS and `unzip` ignored the flag).
 */

export type ZipContent = Buffer | string | Readable | AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

export interface ZipOptions {
  /** ZIP64 records on every entry and at the end, even when small (tests of the ZIP64 path) */
  forceZip64?: boolean;
}

/**
 * One archive, its bytes handed to `sink` in order. `add` resolves once the entry's content has been read
 * into the archive, so an entry at a time is in memory whatever the archive's size; `finish` writes the
 * central directory and resolves when `sink` has taken the last byte.
 */
export class ZipWriter {
  private readonly zip = new ZipFile();
  private readonly written: Promise<void>;
  /** rejects at the first failure (the sink's, yazl's or an entry's input): an entry waiting stops waiting */
  private readonly failed: Promise<never>;
  private failure: Error | undefined;
  private reject: (error: Error) => void = () => undefined;
  private entries = 0;

  constructor(
    sink: (chunk: Buffer) => Promise<void>,
    private readonly options: ZipOptions = {},
  ) {
    this.failed = new Promise<never>((_, reject) => (this.reject = reject));
    this.failed.catch(() => undefined);
    this.zip.on("error", (error: Error) => this.fail(error));
    this.written = (async () => {
      for await (const chunk of this.zip.outputStream as AsyncIterable<Buffer>) await sink(chunk);
    })();
    this.written.catch((error: Error) => this.fail(error));
  }

  /** Entries added so far. */
  get count() {
    return this.entries;
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    this.reject(error);
    (this.zip.outputStream as Readable).destroy(error);
  }

  async add(name: string, content: ZipContent): Promise<void> {
    if (this.failure) throw this.failure;
    // bytes, not objects: the next piece is asked for only when yazl has taken the one before
    const input = content instanceof Readable ? content : Readable.from(typeof content === "string" || Buffer.isBuffer(content) ? [content] : content, { objectMode: false });
    this.zip.addReadStream(input, name, { mtime: new Date(), forceZip64Format: !!this.options.forceZip64 });
    this.entries++;
    // the entry is in once yazl has read its input to the end; a failed sink or input ends the wait
    try {
      await Promise.race([finished(input), this.failed]);
    } catch (error) {
      this.fail(error as Error);
      input.destroy();
      throw this.failure;
    }
  }

  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.zip.end({ forceZip64Format: !!this.options.forceZip64, comment: "" });
    await this.written;
    if (this.failure) throw this.failure;
  }
}
