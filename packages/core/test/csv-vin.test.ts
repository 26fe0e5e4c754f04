import { describe, expect, it } from "vitest";
import { csvField, parseCsv, toCsv } from "../src/util/csv";
import { checkDigitOf, hasValidCheckDigit, normalizeVin, VIN_PATTERN } from "../src/vehicle/index";

describe("CSV", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, a BOM and blank lines", () => {
    const text = '\uFEFFa,b,c\r\n1,"two, too","say ""hi"""\n\n3,"multi\nline",\r\n';
    expect(parseCsv(text)).toEqual([
      ["a", "b", "c"],
      ["1", "two, too", 'say "hi"'],
      ["3", "multi\nline", ""],
    ]);
    expect(parseCsv("x,y")).toEqual([["x", "y"]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("writes what it reads back, and defuses fields a spreadsheet would run as formulas", () => {
    const rows = [["plain", "with, comma", 'with "quote"', "line\nbreak"]];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
    for (const formula of ["=HYPERLINK(\"x\")", "+1", "-1", "@SUM(A1)"]) expect(csvField(formula)).toMatch(/^"?'/);
    expect(csvField(true)).toBe("true");
    expect(csvField(null)).toBe("");
  });
});

describe("VIN", () => {
  it("normalises and checks the pattern (no I, O or Q)", () => {
    expect(normalizeVin(" 1fuj-gldr5 clbp8834 ")).toBe("1FUJGLDR5CLBP8834");
    expect(VIN_PATTERN.test("1FUJGLDR5CLBP8834")).toBe(true);
    for (const bad of ["1FUJGLDR5CLBP883", "1FUJGLDR5CLBP88345", "1FUJGLDR5CLBP883O", "IFUJGLDR5CLBP8834", "QFUJGLDR5CLBP8834"]) expect(VIN_PATTERN.test(bad), bad).toBe(false);
  });

  it("computes the check digit, X for ten", () => {
    expect(checkDigitOf("1M8GDM9AXKP042788")).toBe("X");
    expect(checkDigitOf("1HGCM82633A004352")).toBe("3");
    expect(hasValidCheckDigit("1HGCM82633A004352")).toBe(true);
    expect(hasValidCheckDigit("1HGCM82643A004352")).toBe(false);
  });
});
