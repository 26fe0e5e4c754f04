import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createWriteStream, mkdirSync } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import S3rver from "s3rver";
import { bucketDefinition } from "@fleetforms/core/db/definition";

/** The bucket's CORS rules from the shared definition, as the S3 XML s3rver reads. */
export function corsXml(): string {
  const rules = bucketDefinition.cors
    .map((rule) =>
      [
        "<CORSRule>",
        "<AllowedOrigin>*</AllowedOrigin>",
        ...rule.allowedMethods.map((method) => `<AllowedMethod>${method}</AllowedMethod>`),
        ...rule.allowedHeaders.map((header) => `<AllowedHeader>${header}</AllowedHeader>`),
        ...rule.exposedHeaders.map((header) => `<ExposeHeader>${header}</ExposeHeader>`),
        `<MaxAgeSeconds>${rule.maxAgeSeconds}</MaxAgeSeconds>`,
        "</CORSRule>",
      ].join(""),
    )
    .join("");
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

export interface S3 {
  endpoint: string;
  /** s3rver's request handler, for the /s3 proxy to hand checked requests to in this process */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  stop: () => Promise<void>;
}

export async function startS3(options: { port: number; directory: string; bucket: string }): Promise<S3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: "127.0.0.1",
    silent: true,
    directory: options.directory,
    // Presigned URLs reach s3rver through the local server's /s3 proxy, which checks their signatures
    // (src/sigv4.ts) for the host the browser used; the host s3rver sees differs, so it does not check again.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: options.bucket, configs: [corsXml()] }],
  });
  mendStore((server as unknown as { store: ObjectStore }).store);
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, handle: server.callback(), stop: () => server.close() };
}

interface StoredObject {
  bucket: string;
  key: string;
  metadata: Record<string, string>;
  content: Buffer | Readable;
}

interface ObjectStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
}

/** s3rver's filesystem store, mended where it races (below); the local stack and its tests use it so. */
export function mendStore(store: ObjectStore) {
  keepDirectories(store);
  writeBeforeAnswering(store);
}

/**
 * S3 has no directories, but s3rver keeps each object as files in them and, on a delete, removes the
 * directories the delete left empty. A put into one of them at that moment (its directory made, its file
 * not yet opened) then fails with ENOENT: a 500 InternalError to an upload while another upload of the same
 * company is validated (its pending file moved away). Deletes here remove the object's files and leave the
 * directories; listing walks files only, so an empty directory lists nothing.
 */
function keepDirectories(store: ObjectStore) {
  store.deleteObject = async (bucket, key) => {
    const files = ["object", "object.md5", "metadata.json"].map((resource) => store.getResourcePath(bucket, key, resource));
    await Promise.all(
      files.map((file) =>
        unlink(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  };
}

/**
 * s3rver's put answers once it has handed the body to a write stream (a whole body at once, a streamed one when
 * the last chunk passed its hash), not once the file is written: a read or a delete right after the answer found
 * the file short or missing, and a delete before the stream opened the file left it behind (a vitest run,
 * 2026-11-29: a key deleted right after its put was still listed). Here the put answers when the file is closed;
 * the metadata and the hash are written by s3rver's own putMetadata, as before. Multipart completes go through it.
 */
function writeBeforeAnswering(store: ObjectStore) {
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(path.dirname(file), { recursive: true });
    const hash = createHash("md5");
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content, count, createWriteStream(file));
    const md5 = hash.digest("hex");
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size, md5 };
  };
}
