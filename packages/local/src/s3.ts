import type { IncomingMessage, ServerResponse } from "node:http";
import { mkdirSync } from "node:fs";
import { unlink } from "node:fs/promises";
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
  keepDirectories((server as unknown as { store: ObjectStore }).store);
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, handle: server.callback(), stop: () => server.close() };
}

interface ObjectStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * S3 has no directories, but s3rver keeps each object as files in them and, on a delete, removes the
 * directories the delete left empty. A put into one of them at that moment (its directory made, its file
 * not yet opened) then fails with ENOENT: a 500 InternalError to an upload while another upload of the same
 * company is validated (its pending file moved away). Deletes here remove the object's files and leave the
 * directories; listing walks files only, so an empty directory lists nothing.
 */
export function keepDirectories(store: ObjectStore) {
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
