import { describe, expect, it } from "vitest";
import { binary, toResult } from "../src/lib/response";

/** Security item 3: files served by the API's content routes are never run as a page of the API's origin. */
describe("file answers", () => {
  it("send an HTML file as a sandboxed, unsniffed attachment even when asked to show it inline", () => {
    const result = toResult(binary(Buffer.from("<script>alert(1)</script>"), "text/html", "page.html", true));
    expect(result.headers).toMatchObject({ "x-content-type-options": "nosniff", "content-security-policy": "sandbox" });
    expect(String(result.headers!["content-disposition"])).toMatch(/^attachment; filename="page.html"/);
  });

  it("show a PDF inline when asked, still sandboxed", () => {
    const result = toResult(binary(Buffer.from("%PDF-1.7"), "application/pdf", "informe-ñandú.pdf", true));
    expect(result.headers).toMatchObject({ "x-content-type-options": "nosniff", "content-security-policy": "sandbox" });
    expect(String(result.headers!["content-disposition"])).toMatch(/^inline; filename="informe-nandu.pdf"; filename\*=UTF-8''informe-%C3%B1and%C3%BA.pdf$/);
  });
});
