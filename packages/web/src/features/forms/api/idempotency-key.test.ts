import { afterEach, describe, expect, it, vi } from "vitest";
import { setTokenSource } from "@/lib/api-client";
import { getUploadUrl } from "./get-upload-url";
import { saveSubmission } from "./save-submission";

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(() => undefined);
});

function stubFetch(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return () => (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
}

describe("the Idempotency-Key header (issue 20)", () => {
  it("goes with a save when the caller has a key, beside the token and JSON, and the body is unchanged", async () => {
    setTokenSource(() => "token-123");
    const sent = stubFetch({ submission: { id: 7 } }, 201);
    await saveSubmission({ formId: 3, values: { note: "x" }, lang: "es", idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e" });
    expect(sent().headers).toMatchObject({ "Idempotency-Key": "0f8fad5b-d9cb-469f-a165-70867728950e", authorization: "Bearer token-123", "content-type": "application/json" });
    expect(JSON.parse(String(sent().body))).toEqual({ formId: 3, values: { note: "x" }, lang: "es" });
  });

  it("is left off a save without a key", async () => {
    const sent = stubFetch({ submission: { id: 7 } }, 201);
    await saveSubmission({ formId: 3, values: {}, lang: "en" });
    expect(sent().headers).not.toHaveProperty("Idempotency-Key");
  });

  it("goes with the upload URL request when there is a key, and not otherwise", async () => {
    const withKey = stubFetch({ asset: { id: 1 }, presignedUrl: "http://s3/x" });
    await getUploadUrl({ fileName: "a.png", fileType: "image/png", size: 10 }, "photo-key-0001");
    expect(withKey().headers).toMatchObject({ "Idempotency-Key": "photo-key-0001" });
    vi.unstubAllGlobals();
    const without = stubFetch({ asset: { id: 1 }, presignedUrl: "http://s3/x" });
    await getUploadUrl({ fileName: "a.png", fileType: "image/png", size: 10 });
    expect(without().headers).not.toHaveProperty("Idempotency-Key");
  });
});
