import { describe, expect, it } from "vitest";
import { errorsText, invalidRowsCsv } from "./csv";

describe("the invalid rows' CSV", () => {
  it("writes a row's errors in one cell", () => {
    expect(errorsText({ vin: ["A VIN is 17 letters and digits (no I, O or Q)"], type: ["Unknown type"] })).toBe("vin: A VIN is 17 letters and digits (no I, O or Q); type: Unknown type");
    expect(errorsText({ _: ["This VIN is already registered"] })).toBe("This VIN is already registered");
    expect(errorsText(undefined)).toBe("");
  });

  it("lists the refused rows as the file had them, with an errors column", () => {
    const original = "number,vin,type\nT-1,1FUJGLDR3CLBP8834,truck\n\nT-2,BADVIN,truck\n,,van\n";
    const csv = invalidRowsCsv(original, [
      { line: 2, action: "create", vehicleNumber: "T-1", vin: "1FUJGLDR3CLBP8834" },
      { line: 3, action: "error", vehicleNumber: "T-2", vin: "BADVIN", errors: { vin: ["A VIN is 17 letters and digits (no I, O or Q)"] } },
      { line: 4, action: "error", vehicleNumber: "", vin: "", errors: { vehicleNumber: ["Required"] } },
      { line: 9, action: "error", vehicleNumber: "T-9", vin: "X", errors: { type: ["Bad, type"] } },
    ]);
    expect(csv).toBe('\ufeffnumber,vin,type,errors\r\nT-2,BADVIN,truck,"vin: A VIN is 17 letters and digits (no I, O or Q)"\r\n,,van,vehicleNumber: Required\r\nT-9,X,,"type: Bad, type"\r\n');
  });

  it("keeps quoted fields quoted", () => {
    const csv = invalidRowsCsv('vehicleNumber,description\nT-1,"Day cab, ""red"""\n', [{ line: 2, action: "error", vehicleNumber: "T-1", vin: "", errors: { vin: ["x"] } }]);
    expect(csv).toBe('\ufeffvehicleNumber,description,errors\r\nT-1,"Day cab, ""red""",vin: x\r\n');
  });
});
