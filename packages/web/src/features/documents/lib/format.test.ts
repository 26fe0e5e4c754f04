import { describe, expect, it } from "vitest";
import { formatDay, formatSize, previewKind, typeLabel } from "./format";

describe("formatSize", () => {
  it("reads bytes, then KB, MB and GB in binary steps, one decimal under 10", () => {
    expect(formatSize(0, "en")).toBe("0 bytes");
    expect(formatSize(1, "en")).toBe("1 byte");
    expect(formatSize(1023, "en")).toBe("1,023 bytes");
    expect(formatSize(1024, "en")).toBe("1 kB");
    expect(formatSize(1536, "en")).toBe("1.5 kB");
    expect(formatSize(183_422, "en")).toBe("179 kB");
    expect(formatSize(25 * 1024 * 1024, "en")).toBe("25 MB");
    expect(formatSize(3.2 * 1024 ** 3, "en")).toBe("3.2 GB");
  });

  it("speaks Spanish and survives nonsense", () => {
    expect(formatSize(1536, "es")).toBe("1.5 kB");
    expect(formatSize(2 * 1024 * 1024 + 300 * 1024, "es")).toMatch(/^2\.3\sMB$/);
    expect(formatSize(-5, "en")).toBe("0 bytes");
    expect(formatSize(Number.NaN, "en")).toBe("0 bytes");
  });
});

describe("formatDay", () => {
  it("shows a calendar day without a time zone moving it", () => {
    expect(formatDay("2026-12-04", "en")).toBe("Dec 4, 2026");
    expect(formatDay("2026-01-01", "es")).toMatch(/1 ene 2026/);
    expect(formatDay("", "en")).toBe("");
    expect(formatDay("soon", "en")).toBe("soon");
  });
});

describe("typeLabel and previewKind", () => {
  it("names known types and falls back to the extension", () => {
    expect(typeLabel("application/pdf", "card.pdf")).toBe("PDF");
    expect(typeLabel("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx")).toBe("Word");
    expect(typeLabel("application/octet-stream", "scan.tiff")).toBe("TIFF");
    expect(typeLabel("", "")).toBe("—");
  });

  it("previews PDFs and the pictures browsers draw, nothing else", () => {
    expect(previewKind("application/pdf")).toBe("pdf");
    expect(previewKind("image/png")).toBe("image");
    expect(previewKind("image/heic")).toBeNull();
    expect(previewKind("text/csv")).toBeNull();
  });
});
