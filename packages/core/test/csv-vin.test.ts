import { describe, expect, it } from "vitest";
import { CSV_MESSAGES, CsvReadError, csvField, csvSeparator, decodeCsv, guardFormula, parseCsv, toCsv } from "../src/util/csv";
import { csvBytes, pythonCsv } from "../../../tests/import-fixtures";
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

  it("reads a file saved with ; as separator (Excel in Spain), decimal commas and all", () => {
    const file = csvBytes(
      [
        ["vehicleNumber", "vin", "description", "odometer"],
        ["T-1", "", "Camión; grúa", "96,4"],
      ],
      { separator: ";" },
    );
    const { text, encoding } = decodeCsv(file);
    expect(encoding).toBe("utf-8");
    expect(csvSeparator(text)).toBe(";");
    expect(parseCsv(text)).toEqual([
      ["vehicleNumber", "vin", "description", "odometer"],
      ["T-1", "", "Camión; grúa", "96,4"],
    ]);
    // one column, no separator at all: a comma file
    expect(parseCsv("vehicleNumber\nT-1")).toEqual([["vehicleNumber"], ["T-1"]]);
  });

  it("reads Windows-1252 bytes (Excel's plain CSV) as Windows-1252 and says so; UTF-8 with or without a BOM as UTF-8", () => {
    const rows = [["vehicleNumber", "description"], ["T-ñ", "Camión €5 – grúa"]];
    const ansi = csvBytes(rows, { separator: ";", encoding: "cp1252" });
    expect(ansi.includes(Buffer.from("ó", "utf8"))).toBe(false);
    expect(decodeCsv(ansi).encoding).toBe("windows-1252");
    expect(parseCsv(decodeCsv(ansi).text)).toEqual(rows);
    const utf8 = csvBytes(rows);
    expect(decodeCsv(utf8)).toEqual({ text: "vehicleNumber,description\r\nT-ñ,Camión €5 – grúa\r\n", encoding: "utf-8" });
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8])).text).toBe(decodeCsv(utf8).text);
  });

  it("refuses a text whose letters were lost before it arrived, saying how to save the file", () => {
    const garbled = new TextDecoder("utf-8").decode(csvBytes([["vehicleNumber"], ["Camión"]], { encoding: "cp1252" }));
    expect(() => parseCsv(garbled)).toThrow(new CsvReadError("file.csv_encoding"));
    expect(CSV_MESSAGES.encoding).toContain("CSV UTF-8");
    expect(() => parseCsv('a,b\n"never closed,x')).toThrow(CsvReadError);
  });

  it("writes a UTF-8 byte-order mark first, and what Python's csv module reads back as written", () => {
    const rows = [["plain", "with, comma", 'with "quote"', "line\nbreak", "ñandú €"]];
    const written = toCsv(rows);
    expect(written.startsWith("\uFEFF")).toBe(true);
    expect(pythonCsv(written)).toEqual({ bom: true, rows });
    expect(parseCsv(written)).toEqual(rows);
  });

  it("defuses only what a spreadsheet would run: numbers and phone numbers stay as they are", () => {
    for (const formula of ['=HYPERLINK("x")', "@SUM(A1)", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "\tx", "\rx", "-x", "+A1", "＝1+1"]) expect(guardFormula(formula), formula).toBe(`'${formula}`);
    for (const kept of ["-12.5", "+3", "1e-3", "-0,5", "+1 555 0100", "+34 (91) 123-45-67", "-", "plain", ""]) expect(guardFormula(kept), kept).toBe(kept);
    expect(pythonCsv(toCsv([["-12.5", -12.5, "+1 555 0100", "=1+2", true, false, null]])).rows).toEqual([["-12.5", "-12.5", "+1 555 0100", "'=1+2", "true", "false", ""]]);
    expect(csvField(true)).toBe("true");
    expect(csvField(null)).toBe("");
    expect(csvField("a,b")).toBe('"a,b"');
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
