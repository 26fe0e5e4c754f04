import { describe, expect, it } from "vitest";

/* Issue 18: report files go to the bucket as they are written (the worker never holds one whole). */

describe("ObjectWriter", () => {
  it("stores a file larger than a part as a multipart upload, and a small one with one PUT", async () => {
    const { ObjectWriter, PART_BYTES } = await import("../src/storage/object-writer");
    const Storage = await import("../src/asset/storage");
    const big = new ObjectWriter(`test/${Date.now()}-big.csv`, "text/csv");
    const line = Buffer.alloc(64 * 1024, "a");
    const lines = Math.ceil((2 * PART_BYTES + 1) / line.length);
    for (let i = 0; i < lines; i++) await big.write(line);
    expect(await big.close()).toBe(lines * line.length);
    const stored = (await Storage.read(big.key))!;
    expect(stored.length).toBe(lines * line.length);
    expect(stored.every((byte) => byte === 97)).toBe(true);

    const small = new ObjectWriter(`test/${Date.now()}-small.csv`, "text/csv");
    await small.write("a,b\r\n");
    await small.close();
    expect((await Storage.read(small.key))!.toString()).toBe("a,b\r\n");
  });
});
