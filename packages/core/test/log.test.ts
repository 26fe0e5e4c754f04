import { describe, expect, it } from "vitest";
import { redact } from "../src/util/log";

describe("redact: credentials never reach the logs", () => {
  it.each([
    ["Invalid API Key provided: sk_live_51HabcDEF", "Invalid API Key provided: sk_live_[redacted]"],
    ["restricted rk_test_9xYz used", "restricted rk_test_[redacted] used"],
    ["webhook secret whsec_abc123 mismatch", "webhook secret whsec_[redacted] mismatch"],
    ["authorization: Bearer abc.def-ghi", "authorization: Bearer [redacted]"],
    ["token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl expired", "token [redacted jwt] expired"],
    [
      "GET https://b.s3.amazonaws.com/k?X-Amz-Credential=AKIA%2F20240101&X-Amz-Signature=deadbeef&x=1",
      "GET https://b.s3.amazonaws.com/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&x=1",
    ],
    ["/api/assets/token/content/5?assetToken=abc123", "/api/assets/token/content/5?assetToken=[redacted]"],
  ])("%s", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it("leaves ordinary text alone", () => {
    const text = "Stripe refused the checkout session (402): Your card was declined. Company acme-logistics, month 2024-05, task_skipped";
    expect(redact(text)).toBe(text);
  });
});
