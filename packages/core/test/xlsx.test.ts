import { afterAll, describe, expect, it } from "vitest";
import { readFirstSheet } from "../src/util/xlsx-read";
import { XlsxError } from "../src/util/xlsx-error";
import { readRows, stopReader } from "../src/util/read-worker";
import { xlsxOf } from "../../../tests/xlsx-fixture";
import { firstTabNotSheet1, inlineStringsAndDates, rich, withPrefixedTags } from "../../../tests/import-fixtures";

/* The import's .xlsx reader (read-excel-file, issue 38) on workbooks other tools wrote: exceljs, and Python's zipfile rewriting one. */

afterAll(stopReader);

describe("readFirstSheet", () => {
  it("reads shared strings, numbers, booleans and gaps of the first worksheet", async () => {
    const file = xlsxOf([
      ["vehicleNumber", "vin", "isActive", "note"],
      ["T-1 & co", 12345, true, null],
      [null, null, null, null],
      ["T-2", "1XKYD49X0KJ100000", false, "<b>"],
    ]);
    expect(await readFirstSheet(file)).toEqual([
      ["vehicleNumber", "vin", "isActive", "note"],
      ["T-1 & co", "12345", "true", ""],
      ["T-2", "1XKYD49X0KJ100000", "false", "<b>"],
    ]);
  });

  it("reads the workbook's first tab, not whichever part is called sheet1.xml", async () => {
    const file = await firstTabNotSheet1([["vehicleNumber", "type"], ["T-FIRST", "truck"]]);
    expect(await readFirstSheet(file)).toEqual([["vehicleNumber", "type"], ["T-FIRST", "truck"]]);
  });

  it("reads inline strings, rich text runs included", async () => {
    const file = await inlineStringsAndDates([["vehicleNumber", "description"], ["T-1", rich("Camión ", "ñandú")]]);
    expect(await readFirstSheet(file)).toEqual([["vehicleNumber", "description"], ["T-1", "Camión ñandú"]]);
  });

  it("reads a date cell as an ISO date, not its serial number, and a number as the file writes it", async () => {
    const days = await inlineStringsAndDates([["vehicleNumber", "bought", "odometer"], ["T-1", new Date(Date.UTC(2024, 2, 1)), 96.4]]);
    expect(await readFirstSheet(days)).toEqual([["vehicleNumber", "bought", "odometer"], ["T-1", "2024-03-01", "96.4"]]);
    const times = await inlineStringsAndDates([["vehicleNumber", "seen"], ["T-1", new Date(Date.UTC(2024, 2, 1, 10, 30))]], "yyyy-mm-dd hh:mm");
    expect(await readFirstSheet(times)).toEqual([["vehicleNumber", "seen"], ["T-1", "2024-03-01T10:30:00.000Z"]]);
  });

  it("reads prefixed tags (<x:row>, <x:c>)", async () => {
    const file = withPrefixedTags(await inlineStringsAndDates([["vehicleNumber", "type"], ["T-X", "van"]]));
    expect(file.toString("latin1")).not.toContain("<row");
    expect(await readFirstSheet(file)).toEqual([["vehicleNumber", "type"], ["T-X", "van"]]);
  });

  it("refuses what is not an .xlsx", async () => {
    await expect(readFirstSheet(Buffer.from("vehicleNumber,vin\n1,2"))).rejects.toThrow(XlsxError);
    await expect(readFirstSheet(Buffer.alloc(0))).rejects.toThrow(XlsxError);
  });

  it("is what the import's worker reads, after the archive guard", async () => {
    const file = await firstTabNotSheet1([["vehicleNumber", "bought"], ["T-W", new Date(Date.UTC(2023, 11, 31))]]);
    expect(await readRows({ kind: "xlsx", bytes: file }, 10)).toEqual([["vehicleNumber", "bought"], ["T-W", "2023-12-31"]]);
  });
});
