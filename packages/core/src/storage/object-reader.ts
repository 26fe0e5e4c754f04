import { bucketName } from "../util/config";

/** Bytes asked for in one GET: each read completes within the client's timeouts, and one range at a time is held. */
export const RANGE_BYTES = 8 * 1024 * 1024;

/**
 * One object read a range at a time (the tenant export's files): `undefined` when there is none, else its size
 * and its bytes in ranges of `RANGE_BYTES`, each asked for when the one before has been taken. A whole file is
 * never in memory, and no response waits on a slow reader past the client's socket timeout.
 */
export async function readInRanges(key: string, rangeBytes = RANGE_BYTES): Promise<{ size: number; ranges: AsyncGenerator<Buffer> } | undefined> {
  const { s3, isMissing, GetObjectCommand, HeadObjectCommand } = await import("../aws/s3-client");
  let size: number;
  let etag: string | undefined;
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    size = head.ContentLength ?? 0;
    etag = head.ETag;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  async function* ranges() {
    for (let start = 0; start < size; start += rangeBytes) {
      const end = Math.min(size, start + rangeBytes) - 1;
      // the same version of the object throughout: one replaced meanwhile fails the read instead of mixing two
      const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key, Range: `bytes=${start}-${end}`, ...(etag ? { IfMatch: etag } : {}) }));
      const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      if (body.length !== end - start + 1) throw new Error(`${key}: bytes ${start}-${end} answered ${body.length} bytes`);
      yield body;
    }
  }
  return { size, ranges: ranges() };
}
