import { afterAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { ARCHIVE_LIMITS, ARCHIVE_MESSAGES, ArchiveRefused, assertWorkbookWithinLimits, zipDirectory } from "../src/util/archive-guard";
import { readRows, stopReader } from "../src/util/read-worker";
import { documentContentProblem } from "../src/asset/document-types";
import * as Bombs from "../../../tests/archive-bombs";
import { xlsxOf } from "../../../tests/xlsx-fixture";
import { firstTabNotSheet1 } from "../../../tests/import-fixtures";

/* Issue 36, finding 8: the budgets around whichever reader opens an archive (docs/security.md, "Import and archive budgets"). */

const refusal = async (check: () => Promise<unknown>) => {
  try {
    await check();
  } catch (error) {
    if (error instanceof ArchiveRefused) return error.code;
    throw error;
  }
  return "accepted";
};
const zip = Bombs.zipOf;
const refusalOf = async (file: Buffer) => readRows({ kind: "xlsx", bytes: file }, 10).then(() => "accepted", (error: unknown) => (error instanceof ArchiveRefused ? error.code : String(error)));

afterAll(stopReader);

describe("the archive guard", () => {
  it("refuses a cell at column AAAAAA before any reader builds its row", async () => {
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.farColumn()))).toBe("file.beyond_grid");
  });

  it("refuses a cell outside the sheet's own <dimension>", async () => {
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.outsideDimension()))).toBe("file.outside_dimension");
  });

  it("refuses a directory that lists one large deflated entry many times (the 58 KB bomb)", async () => {
    const bomb = Bombs.repeatedEntryBomb();
    expect(bomb.length).toBeLessThan(120 * 1024);
    expect(await refusal(() => assertWorkbookWithinLimits(bomb))).toBe("file.unpacked_too_large");
    // the same trick within the size budget: the repeated listing itself is refused
    const repeatedSmall = Bombs.overlappingEntries("same-offset");
    expect(await refusal(() => zipDirectory(repeatedSmall))).toBe("file.overlapping_parts");
  });

  it("refuses entries that share a local header or overlap", async () => {
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.overlappingEntries("same-offset")))).toBe("file.overlapping_parts");
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.overlappingEntries("overlap")))).toBe("file.overlapping_parts");
  });

  it("refuses bytes between entries that the directory does not list (an entry a streaming reader would find)", async () => {
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.unlistedEntry()))).toBe("file.damaged");
  });

  it("refuses a classic high-ratio bomb, whether its headers tell the truth or lie", async () => {
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.classicBomb()))).toBe("file.unpacked_too_large");
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.classicBomb({ lying: true })))).toBe("file.unpacked_too_large");
  });

  it("refuses an XML entity bomb (a DOCTYPE in any part)", async () => {
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.entityBomb()))).toBe("file.xml_entities");
  });

  it("refuses more entries than the budget, and more rows than the sheet budget", async () => {
    const many = zip(Array.from({ length: ARCHIVE_LIMITS.entries + 1 }, (_, i) => ({ name: `x/${i}.xml`, data: "<a/>" })));
    expect(await refusal(() => zipDirectory(many))).toBe("file.too_many_parts");
    const rows = Bombs.workbookWith(`<worksheet><sheetData>${"<row><c><v>1</v></c></row>".repeat(ARCHIVE_LIMITS.sheetRows + 1)}</sheetData></worksheet>`);
    expect(await refusal(() => assertWorkbookWithinLimits(rows))).toBe("file.too_many_rows");
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.millionRows()))).not.toBe("accepted");
  });

  it("bounds a sheet's rows times its last column (what a reader allocates for its rows)", async () => {
    const wide = Bombs.workbookWith(`<worksheet><sheetData>${Array.from({ length: 200 }, (_, r) => `<row r="${r + 1}"><c r="XFD${r + 1}"><v>1</v></c></row>`).join("")}</sheetData></worksheet>`);
    expect(await refusal(() => assertWorkbookWithinLimits(wide))).toBe("file.too_many_cells");
  });

  it("lets through what people send: 5,000 vehicles, our own workbooks, prefixed tags", async () => {
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.largeHonestWorkbook(8)))).toBe("accepted");
    expect(await refusal(() => assertWorkbookWithinLimits(xlsxOf([["a", "b"], ["1", "2"]])))).toBe("accepted");
    expect(await refusal(async () => assertWorkbookWithinLimits(await firstTabNotSheet1([["a", "b"], ["1", "2"]])))).toBe("accepted");
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.workbookWith('<x:worksheet xmlns:x="s"><x:dimension ref="A1:B2"/><x:sheetData><x:row r="2"><x:c r="B2"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>')))).toBe("accepted");
    expect(await refusal(() => assertWorkbookWithinLimits(Bombs.workbookWith('<x:worksheet xmlns:x="s"><x:sheetData><x:row r="2"><x:c r="C2"><x:v>1</x:v></x:c></x:row></x:sheetData><x:dimension ref="A1:B2"/></x:worksheet>')))).toBe("file.outside_dimension");
  });

  it("names each limit in a message the app has in English and Spanish", async () => {
    const en = JSON.parse(readFileSync(new URL("../../web/src/locales/en/vehicles.json", import.meta.url), "utf8")).vehicles.errors.limits as Record<string, string>;
    const es = JSON.parse(readFileSync(new URL("../../web/src/locales/es/vehicles.json", import.meta.url), "utf8")).vehicles.errors.limits as Record<string, string>;
    const shown = Object.entries(ARCHIVE_MESSAGES).filter(([code]) => code !== "file.damaged");
    expect(Object.values(en).sort()).toEqual(shown.map(([, message]) => message).sort());
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });
});

describe("reading a file off the request thread", () => {
  it("refuses each hostile file in the worker, and reads an honest one", { timeout: 60_000 }, async () => {
    expect(await refusalOf(Bombs.farColumn())).toBe("file.beyond_grid");
    expect(await refusalOf(Bombs.repeatedEntryBomb())).toBe("file.unpacked_too_large");
    expect(await refusalOf(Bombs.entityBomb())).toBe("file.xml_entities");
    expect(await readRows({ kind: "xlsx", bytes: xlsxOf([["vehicleNumber"], ["T-1"]]) }, 10)).toEqual([["vehicleNumber"], ["T-1"]]);
  });

  it("stops a file the reader would spend seconds on at the time limit, and the next file is read", { timeout: 60_000 }, async () => {
    expect(await refusalOf(Bombs.slowToRead())).toBe("file.read_time");
    expect(await readRows({ kind: "csv", text: "vehicleNumber\nT-1\nT-2\nT-3" }, 2)).toEqual([["vehicleNumber"], ["T-1"]]);
  });
});

describe("the document type check (a second ZIP reader) has the same directory guard", () => {
  it("refuses an Office file whose entries overlap, or that lists too many", async () => {
    const type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    const overlapping = Bombs.overlappingEntries("overlap");
    expect(await documentContentProblem(type, overlapping)).toBe("The file is not a valid Word document (.docx): the ZIP lists entries that repeat or overlap");
    const many = zip(Array.from({ length: 10_001 }, (_, i) => ({ name: i === 0 ? "[Content_Types].xml" : `word/${i}.xml`, data: "" })));
    expect(await documentContentProblem(type, many)).toBe("The file is not a valid Word document (.docx): the ZIP lists more than 10000 entries");
    const fine = zip([{ name: "[Content_Types].xml", data: "<Types/>" }, { name: "word/document.xml", data: "<w:document/>" }]);
    expect(await documentContentProblem(type, fine)).toBeUndefined();
  });
});
