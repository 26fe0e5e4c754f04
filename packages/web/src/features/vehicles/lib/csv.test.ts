import { describe, expect, it } from "vitest";
import { errorsText, invalidRowsCsv, parseCsv } from "./csv";

describe("CSV", () => {
  it("reads records with the line each starts on", () => {
    const text = 'vehicleNumber,vin,description\r\nT-1,,"Day cab, red"\n"T-2",,"two\nlines"\n\nT-3,,"say ""hi"""\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["vehicleNumber", "vin", "description"] },
      { line: 2, fields: ["T-1", "", "Day cab, red"] },
      { line: 3, fields: ["T-2", "", "two\nlines"] },
      { line: 6, fields: ["T-3", "", 'say "hi"'] },
    ]);
  });

  it("reads a last line without a line break and drops a byte order mark", () => {
    expect(parseCsv("\uFEFFa,b\n1,2")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
    ]);
  });

  it("writes a row's errors in one cell", () => {
    expect(errorsText({ vin: ["A VIN is 17 letters and digits (no I, O or Q)"], type: ["Unknown type"] })).toBe("vin: A VIN is 17 letters and digits (no I, O or Q); type: Unknown type");
    expect(errorsText(undefined)).toBe("");
  });

  it("lists the refused rows as the file had them, with an errors column", () => {
    const original = "number,vin,type\nT-1,1FUJGLDR3CLBP8834,truck\nT-2,BADVIN,truck\n,,van\n";
    const csv = invalidRowsCsv(original, [
      { line: 2, action: "create", vehicleNumber: "T-1", vin: "1FUJGLDR3CLBP8834" },
      { line: 3, action: "error", vehicleNumber: "T-2", vin: "BADVIN", errors: { vin: ["A VIN is 17 letters and digits (no I, O or Q)"] } },
      { line: 4, action: "error", vehicleNumber: "", vin: "", errors: { vehicleNumber: ["Required"] } },
      { line: 9, action: "error", vehicleNumber: "T-9", vin: "X", errors: { type: ["Bad, type"] } },
    ]);
    expect(csv).toBe('number,vin,type,errors\r\nT-2,BADVIN,truck,"vin: A VIN is 17 letters and digits (no I, O or Q)"\r\n,,van,vehicleNumber: Required\r\nT-9,X,,"type: Bad, type"\r\n');
  });
});
