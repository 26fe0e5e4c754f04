import { describe, expect, it } from "vitest";
import { formatCell } from "./cells";

const t = (key: string) => `<${key}>`;

describe("table cells", () => {
  it("groups numbers and writes days out, in the person's language", () => {
    expect(formatCell(12345, "en", t)).toBe("12,345");
    expect(formatCell(12345, "es", t)).toBe("12,345");
    expect(formatCell("2026-11-16", "en", t)).toBe("Nov 16, 2026");
  });
  it("translates the words it knows and leaves other text alone", () => {
    expect(formatCell("expired", "en", t)).toBe("<dashboards.cells.expired>");
    expect(formatCell(true, "en", t)).toBe("<dashboards.cells.yes>");
    expect(formatCell("Truck 101 registration", "en", t)).toBe("Truck 101 registration");
    expect(formatCell(null, "en", t)).toBe("");
  });
});
