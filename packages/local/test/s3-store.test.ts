import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { mendStore } from "../src/s3";

const require = createRequire(import.meta.url);
type Store = {
  putBucket(bucket: string): Promise<void>;
  putObject(object: { bucket: string; key: string; metadata: Record<string, string>; content: Buffer | Readable }): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  deleteObject(bucket: string, key: string): Promise<void>;
  getObject(bucket: string, key: string): Promise<unknown>;
  listObjects(bucket: string, options: { prefix?: string }): Promise<{ objects: { key: string }[] }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
};
const FilesystemStore = require("s3rver/lib/stores/filesystem") as new (directory: string) => Store;

let directory: string | undefined;
afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function store() {
  directory = mkdtempSync(path.join(tmpdir(), "fleetforms-s3-store-"));
  const made = new FilesystemStore(directory);
  mendStore(made);
  await made.putBucket("uploads");
  return made;
}

const object = (key: string) => ({ bucket: "uploads", key, metadata: { "content-type": "text/plain" }, content: Buffer.from(key) });

describe("the local object store", () => {
  it("leaves a folder a delete empties in place, so a put into it at that moment cannot fail (a 500 to an upload)", async () => {
    const s3 = await store();
    await s3.putObject(object("pending/acme/1"));
    await s3.deleteObject("uploads", "pending/acme/1");
    expect(existsSync(path.dirname(s3.getResourcePath("uploads", "pending/acme/1", "object")))).toBe(true);
    expect(await s3.getObject("uploads", "pending/acme/1")).toBeNull();
    expect((await s3.listObjects("uploads", { prefix: "pending/" })).objects).toEqual([]);
  });

  it("answers a put once its file holds every byte, whether the body came whole or as a stream", async () => {
    const s3 = await store();
    // 8 MB: s3rver's own put answered when it had handed the bytes to a write stream, before the file was written
    const whole = Buffer.alloc(8 * 1024 * 1024, 7);
    await s3.putObject({ ...object("pending/acme/whole"), content: whole });
    expect(readFileSync(s3.getResourcePath("uploads", "pending/acme/whole", "object")).equals(whole)).toBe(true);
    const chunks = Array.from({ length: 256 }, (_, n) => Buffer.alloc(32 * 1024, n));
    await s3.putObject({ ...object("pending/acme/streamed"), content: Readable.from(chunks) });
    expect(readFileSync(s3.getResourcePath("uploads", "pending/acme/streamed", "object")).equals(Buffer.concat(chunks))).toBe(true);
  });

  it("takes puts and deletes in one folder at the same moments without an error", async () => {
    const s3 = await store();
    for (let n = 0; n < 100; n++) {
      await s3.putObject(object(`pending/acme/${n}`));
      await Promise.all([s3.deleteObject("uploads", `pending/acme/${n}`), s3.putObject(object(`pending/acme/${n + 1}`))]);
      await s3.deleteObject("uploads", `pending/acme/${n + 1}`);
    }
    expect((await s3.listObjects("uploads", { prefix: "pending/" })).objects).toEqual([]);
  });
});
