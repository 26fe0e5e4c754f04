import { describe, expect, it } from "vitest";

/* Issue 18: report files go to the bucket as they are written (the worker never holds one whole). */

describe("ObjectWriter", () => {
  it("stores a file larger than a part as a multipart upload, and a small one with one PUT", async () => {
    const { ObjectWriter, PART_BYTES } = await import("../src/storage/object-writer");
    const { s3 } = await import("../src/storage/client");
    const big = new ObjectWriter(`test/${Date.now()}-big.csv`, "text/csv");
    const line = Buffer.alloc(64 * 1024, "a");
    const lines = Math.ceil((2 * PART_BYTES + 1) / line.length);
    for (let i = 0; i < lines; i++) await big.write(line);
    expect(await big.close()).toBe(lines * line.length);
    const stored = await s3().getObject(big.key);
    expect(stored.body.length).toBe(lines * line.length);
    expect(stored.body.every((byte) => byte === 97)).toBe(true);

    const small = new ObjectWriter(`test/${Date.now()}-small.csv`, "text/csv");
    await small.write("a,b\r\n");
    await small.close();
    expect((await s3().getObject(small.key)).body.toString()).toBe("a,b\r\n");
  });
});
