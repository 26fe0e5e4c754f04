import { describe, expect, it } from "vitest";
import { formatBytes, formatMonth, formatShare } from "./format";

describe("usage figures as people read them", () => {
  it("gives bytes in binary steps", () => {
    expect(formatBytes(0, "en")).toBe("0 bytes");
    expect(formatBytes(4388, "en")).toBe("4.3 kB");
    expect(formatBytes(5 * 1024 ** 3, "en")).toBe("5 GB");
  });

  it("never shows a used limit as 0%", () => {
    expect(formatShare(0, "en")).toBe("0%");
    expect(formatShare(0.0006, "en")).toBe("<1%");
    expect(formatShare(0.42, "en")).toBe("42%");
  });

  it("names the month in the person's language", () => {
    expect(formatMonth("2026-11", "en")).toBe("November 2026");
    expect(formatMonth("2026-11", "es")).toMatch(/noviembre/);
  });
});
