import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import readXlsxFile from "read-excel-file/node";
import { ZipWriter } from "../src/util/zip-write";
import { day, quantity, sheetName, streamSheet, type Cell } from "../src/util/xlsx-write";
import { pythonSheet, pythonZip, unzipList } from "../../../tests/independent-readers";

/*
 * The files the product writes (issue 38), read back by tools that share no code with the writers: Python's
 * zipfile and xml.etree, Info-ZIP's unzip when the machine has it, read-excel-file and exceljs's reader.
 */

async function zipOf(build: (archive: ZipWriter) => Promise<void>, options?: { forceZip64?: boolean }) {
  const chunks: Buffer[] = [];
  const archive = new ZipWriter(async (chunk) => void chunks.push(chunk), options);
  await build(archive);
  await archive.finish();
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

async function sheetOf(rows: (readonly Cell[])[], name = "Report") {
  const chunks: Buffer[] = [];
  await streamSheet(
    (async function* () {
      yield* rows;
    })(),
    async (chunk) => void chunks.push(chunk),
    { sheetName: name },
  );
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

const SPANISH_NAME = "files/12-Inspección año ñandú.pdf";

describe("the ZIP writer (yazl)", () => {
  it("names an entry with ñ so Info-ZIP's unzip and Python read it: UTF-8 flag, made by Unix", async () => {
    const { bytes } = await zipOf(async (archive) => {
      await archive.add(SPANISH_NAME, Buffer.from("%PDF-1.7\n"));
      await archive.add("index.csv", "\ufeffEnvío,Archivo\r\n");
    });
    const read = pythonZip(bytes, ["index.csv"]);
    expect(read.bad).toBeNull();
    expect(read.entries.map((entry) => entry.name)).toEqual([SPANISH_NAME, "index.csv"]);
    for (const entry of read.entries) {
      expect(entry.flags & 0x0800).toBe(0x0800);
      // issue 38: our own writer said MS-DOS (0), and unzip then ignores the UTF-8 flag
      expect(entry.createSystem).toBe(3);
    }
    expect(read.entries[1]!.text).toBe("\ufeffEnvío,Archivo\r\n");
    const listed = unzipList(bytes);
    if (listed === undefined) return; // Info-ZIP's unzip is not on this machine: only this check is skipped
    expect(listed).toContain(SPANISH_NAME);
  });

  it("writes ZIP64 records that Python reads: the end record, its locator and each entry's extra field", async () => {
    const big = Buffer.alloc(300_000, 7);
    const { bytes } = await zipOf(
      async (archive) => {
        await archive.add("a.bin", big);
        await archive.add("ñ.txt", "uno");
      },
      { forceZip64: true },
    );
    const read = pythonZip(bytes, ["ñ.txt"]);
    expect(read.bad).toBeNull();
    expect(read.zip64End).toBe(true);
    expect(read.zip64Locator).toBe(true);
    expect(read.entries.map((entry) => [entry.name, entry.size, entry.extraIds.includes(0x0001)])).toEqual([
      ["a.bin", 300_000, true],
      ["ñ.txt", 3, true],
    ]);
    expect(read.entries[1]!.text).toBe("uno");
    if (unzipList(bytes) !== undefined) expect(unzipList(bytes)).toContain("ñ.txt");
  });

  it("writes no ZIP64 records for a small archive", async () => {
    const { bytes } = await zipOf(async (archive) => void (await archive.add("a.txt", "a")));
    const read = pythonZip(bytes);
    expect([read.zip64End, read.entries[0]!.extraIds.includes(0x0001)]).toEqual([false, false]);
  });

  it("streams: entries from iterables and streams are deflated as they arrive and handed out piece by piece", async () => {
    const pieces = Array.from({ length: 200 }, (_, i) => `${i},${"x".repeat(1_000 + (i % 7))}\r\n`);
    const random = Buffer.from(Array.from({ length: 2_000_000 }, (_, i) => (i * 2654435761) >>> 24));
    const { bytes, chunks } = await zipOf(async (archive) => {
      await archive.add("rows.csv", pieces);
      await archive.add(
        "gen.txt",
        (async function* () {
          yield "a";
          yield Buffer.from("b");
        })(),
      );
      await archive.add("random.bin", Readable.from([random.subarray(0, 1_000_000), random.subarray(1_000_000)]));
    });
    expect(chunks).toBeGreaterThan(5);
    const read = pythonZip(bytes, ["rows.csv", "gen.txt"]);
    expect(read.bad).toBeNull();
    expect(read.entries.map((entry) => [entry.name, entry.size])).toEqual([
      ["rows.csv", pieces.join("").length],
      ["gen.txt", 2],
      ["random.bin", 2_000_000],
    ]);
    expect(read.entries[0]!.text).toBe(pieces.join(""));
    expect(read.entries[1]!.text).toBe("ab");
  });

  it("fails, without hanging, when the sink or an entry's input fails", async () => {
    const refusing = new ZipWriter(async () => {
      throw new Error("bucket said no");
    });
    await expect(
      (async () => {
        await refusing.add("a.bin", Buffer.alloc(1_000_000, 1));
        await refusing.add("b.bin", Buffer.alloc(1_000_000, 2));
        await refusing.finish();
      })(),
    ).rejects.toThrow("bucket said no");

    const archive = new ZipWriter(async () => undefined);
    await expect(
      archive.add(
        "broken.bin",
        (async function* () {
          yield Buffer.from("start");
          throw new Error("the object went away");
        })(),
      ),
    ).rejects.toThrow("the object went away");
    await expect(archive.finish()).rejects.toThrow("the object went away");
  });
});

describe("the XLSX writer (exceljs's streaming writer)", () => {
  const rows: Cell[][] = [
    ["Submission", "Plate", "Fuel", "Odometer", "Submitted at", "Service date", "Notes"],
    [17, "T-1", quantity(96.4, "L"), quantity(128_004, "mi"), new Date("2026-03-02T13:05:00Z"), day("2026-02-27"), "=SUM(A1) & <b> ñ\u0001"],
    [18, "T-2", 12.5, 99_001, new Date("2026-03-03T08:00:00Z"), day("not a day"), null],
  ];

  it("writes numbers as numbers and dates as dates (issue 38: every cell was text), read by Python", async () => {
    const { rows: read } = pythonSheet((await sheetOf(rows)).bytes);
    expect(read[0]!.every((cell) => cell.kind === "text")).toBe(true);
    expect(read[1]!.map((cell) => cell.kind)).toEqual(["number", "text", "number", "number", "date", "date", "text"]);
    expect(read[1]!.map((cell) => cell.value).slice(0, 4)).toEqual(["17", "T-1", "96.4", "128004"]);
    // Excel's serial days: 2026-03-02 13:05 UTC and 2026-02-27
    expect(Number(read[1]![4]!.value)).toBeCloseTo(46083 + (13 * 60 + 5) / 1440, 6);
    expect(read[1]![5]!.value).toBe("46080");
    // the unit is the number's format, not part of its value
    expect(read[1]![2]!.format).toBe('General" L"');
    // text stays text (no formula), the control character dropped
    expect(read[1]![6]).toMatchObject({ kind: "text", value: "=SUM(A1) & <b> ñ" });
    expect(read[2]!.map((cell) => cell.kind)).toEqual(["number", "text", "number", "number", "date", "text"]);
  });

  it("reads back in read-excel-file and exceljs's reader as numbers and dates", async () => {
    const { bytes } = await sheetOf(rows, "Fuel / week [12]: a?b*c\\d");
    const [sheet] = await readXlsxFile(bytes);
    expect(sheet!.data[1]).toEqual([17, "T-1", 96.4, 128_004, new Date("2026-03-02T13:05:00Z"), new Date("2026-02-27T00:00:00Z"), "=SUM(A1) & <b> ñ"]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const worksheet = book.worksheets[0]!;
    expect(worksheet.name).toBe("Fuel - week (12)- a-b-c-d");
    expect(worksheet.getCell("C2").value).toBe(96.4);
    expect(worksheet.getCell("E2").value).toEqual(new Date("2026-03-02T13:05:00Z"));
    expect(worksheet.getCell("F2").value).toEqual(new Date("2026-02-27T00:00:00Z"));
  });

  it("names the sheet so Excel opens it (issue 38: a schedule's name with / [ ] :), read by Python", async () => {
    const { sheets } = pythonSheet((await sheetOf(rows, "Fuel 1/2 [north]: who? *all* \\ the 'yard' and the rest of it")).bytes);
    expect(sheets).toEqual(["Fuel 1-2 (north)- who- -all- -"]);
    expect(sheets[0]!.length).toBeLessThanOrEqual(31);
  });

  it("streams a large sheet piece by piece that reads back whole", async () => {
    const many: Cell[][] = [["Plate", "Odometer", "Notes"], ...Array.from({ length: 5_000 }, (_, i): Cell[] => [`T-${i}`, 10_000 + i, i % 2 ? "x & <y> é" : ""])];
    const { bytes, chunks } = await sheetOf(many, "Weekly");
    expect(chunks).toBeGreaterThan(5);
    const [sheet] = await readXlsxFile(bytes);
    expect(sheet!.sheet).toBe("Weekly");
    expect(sheet!.data).toHaveLength(5_001);
    expect(sheet!.data[2]).toEqual(["T-1", 10_001, "x & <y> é"]);
  });
});

describe("sheet names", () => {
  it("replaces / \\ ? * [ ] :, keeps 31 characters at most and never half a character", () => {
    expect(sheetName("Fuel/Oil\\Tyres?*:")).toBe("Fuel-Oil-Tyres---");
    expect(sheetName("[Weekly]")).toBe("(Weekly)");
    expect(sheetName("x".repeat(40))).toHaveLength(31);
    // an emoji is two UTF-16 units: it does not fit at the 31st and is left out whole
    expect(sheetName(`${"a".repeat(30)}🚚`)).toBe("a".repeat(30));
    expect(sheetName("'quoted'")).toBe("quoted");
    expect(sheetName("  ")).toBe("Report");
    expect(sheetName("///", "Informe")).toBe("---");
    expect(sheetName("''", "Informe")).toBe("Informe");
    expect(sheetName("Inspección diaria")).toBe("Inspección diaria");
  });
});
