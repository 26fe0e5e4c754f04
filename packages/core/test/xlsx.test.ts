import { describe, expect, it } from "vitest";
import { readFirstSheet, streamSheet, unzip, writeSheet, XlsxError } from "../src/util/xlsx";
import { ZipWriter } from "../src/util/zip";
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

describe("files written as they are made (issue 18)", () => {
  it("streams a workbook row by row that reads back as writeSheet's, escapes and all", async () => {
    const rows = [["Plate", "Notes"], ...Array.from({ length: 5_000 }, (_, i) => [`T-${i}`, i % 2 ? "x & <y> \u00e9" : "=SUM(A1)\u0001"])];
    const chunks: Buffer[] = [];
    await streamSheet(
      (async function* () {
        yield* rows;
      })(),
      async (chunk) => void chunks.push(chunk),
      "Weekly",
    );
    const streamed = Buffer.concat(chunks);
    // handed out piece by piece, not as one buffer at the end
    expect(chunks.length).toBeGreaterThan(5);
    expect(readFirstSheet(streamed)).toEqual(readFirstSheet(writeSheet(rows, "Weekly")));
    expect(readFirstSheet(streamed)[2]).toEqual(["T-1", "x & <y> \u00e9"]);
  });

  it("writes ZIP entries with data descriptors that every reader takes, CRCs checked by inflating", async () => {
    const chunks: Buffer[] = [];
    const archive = new ZipWriter(async (chunk) => void chunks.push(chunk));
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300_000, 7)]);
    await archive.add("submission_1.pdf", pdf);
    await archive.add("index.csv", (async function* () {
      yield "Submission,File\r\n";
      yield "1,submission_1.pdf\r\n";
    })());
    await archive.finish();
    const files = unzip(Buffer.concat(chunks), () => true);
    expect([...files.keys()]).toEqual(["submission_1.pdf", "index.csv"]);
    expect(files.get("submission_1.pdf")!.equals(pdf)).toBe(true);
    expect(files.get("index.csv")!.toString()).toBe("Submission,File\r\n1,submission_1.pdf\r\n");
  });
});
