import { describe, expect, it } from "vitest";
import { readFirstSheet, XlsxError } from "../src/util/xlsx";
import { xlsxOf } from "../../../tests/xlsx-fixture";

describe("readFirstSheet", () => {
  it("reads shared strings, numbers, booleans and gaps of the first worksheet", () => {
    const file = xlsxOf([
      ["vehicleNumber", "vin", "isActive", "note"],
      ["T-1 & co", 12345, true, null],
      [null, null, null, null],
      ["T-2", "1XKYD49X0KJ100000", false, "<b>"],
    ]);
    expect(readFirstSheet(file)).toEqual([
      ["vehicleNumber", "vin", "isActive", "note"],
      ["T-1 & co", "12345", "true"],
      ["T-2", "1XKYD49X0KJ100000", "false", "<b>"],
    ]);
  });

  it("refuses what is not an .xlsx", () => {
    expect(() => readFirstSheet(Buffer.from("vehicleNumber,vin\n1,2"))).toThrow(XlsxError);
    expect(() => readFirstSheet(Buffer.alloc(0))).toThrow(XlsxError);
  });
});
