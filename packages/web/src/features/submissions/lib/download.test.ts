import { describe, expect, it } from "vitest";
import { absoluteShareUrl, pdfFileName } from "./download";

describe("submission files", () => {
  it("names the PDF submission_{id}.pdf (SPEC §3)", () => {
    expect(pdfFileName(42)).toBe("submission_42.pdf");
  });

  it("makes share links absolute on the API", () => {
    expect(absoluteShareUrl({ url: "/submissions/shared/abc", path: "/submissions/shared/abc" }, "http://localhost:3000", "/api")).toBe("http://localhost:3000/api/submissions/shared/abc");
    expect(absoluteShareUrl({ url: "https://app.example/api/submissions/shared/abc", path: "/submissions/shared/abc" }, "http://x", "/api")).toBe("https://app.example/api/submissions/shared/abc");
    expect(absoluteShareUrl({ url: "/submissions/shared/abc", path: "/submissions/shared/abc" }, "http://x", "https://api.example/")).toBe("https://api.example/submissions/shared/abc");
  });
});
