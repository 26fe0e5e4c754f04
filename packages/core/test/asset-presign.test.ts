import { describe, expect, it } from "vitest";
import * as Storage from "../src/asset/storage";
import { ACCEPTED_TYPES, normalizeType, sniff } from "../src/asset/magic";
import { png } from "../../../tests/forms-fixtures";

/**
 * DESIGN §2: s3rver does not check signatures, so the shape of every
 * presigned URL is checked here: one key under the company's prefix, its
 * content type and length signed, valid at most 5 minutes.
 */
describe("presigned URLs", () => {
  it("sign a PUT for one pending key of the company, its type and its length, for 5 minutes", async () => {
    const url = new URL(await Storage.presignPut(Storage.pendingKey("acme-logistics", 42), "image/png", 1234));
    expect(url.pathname).toMatch(/\/pending\/companies\/acme-logistics\/assets\/42$/);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("X-Amz-SignedHeaders")!.split(";").sort()).toEqual(["content-length", "content-type", "host"]);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keep company ids that need escaping inside their own prefix", () => {
    expect(Storage.pendingKey("a/../b", 1)).toBe("pending/companies/a%2F..%2Fb/assets/1");
    expect(Storage.assetKey("acme", 7)).toBe("companies/acme/assets/7");
  });

  it("sign a short GET that names the file and says inline or attachment", async () => {
    const url = new URL(await Storage.presignGet(Storage.assetKey("acme-logistics", 42), { contentType: "image/png", fileName: 'front "1".png', download: true }));
    expect(url.pathname).toMatch(/\/companies\/acme-logistics\/assets\/42$/);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("response-content-disposition")).toBe(`attachment; filename="front _1_.png"; filename*=UTF-8''front%20%221%22.png`);
    expect(url.searchParams.get("response-content-type")).toBe("image/png");
  });
});

describe("magic bytes", () => {
  it("recognise each accepted type and nothing else", () => {
    expect(sniff(png(1))).toBe("image/png");
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("image/jpeg");
    expect(sniff(Buffer.from("GIF89a......"))).toBe("image/gif");
    expect(sniff(Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
    expect(sniff(Buffer.from("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniff(Buffer.from("<svg xmlns="))).toBeUndefined();
    expect(sniff(Buffer.alloc(0))).toBeUndefined();
    expect(Object.keys(ACCEPTED_TYPES).sort()).toEqual(["application/pdf", "image/gif", "image/jpeg", "image/png", "image/webp"]);
    expect(normalizeType("IMAGE/JPG; charset=x")).toBe("image/jpeg");
  });
});
