import { execFileSync } from "node:child_process";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";

/*
 * Files people import, written by tools the product shares no code with (issue 38): exceljs for workbooks,
 * Python's csv module for CSVs saved the way Excel saves them in Spain (`;`, Windows-1252); and Python's csv
 * module reading back the CSVs the product writes.
 */

const python = (script: string, input: Buffer, ...args: string[]) => execFileSync("python3", ["-c", script, ...args], { input, maxBuffer: 64 * 1024 * 1024 });

/** A workbook whose first tab ("Fleet") is stored as xl/worksheets/sheet2.xml, after a tab stored as sheet1.xml. */
export async function firstTabNotSheet1(rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const other = workbook.addWorksheet("Old fleet");
  other.addRow(["vehicleNumber"]);
  other.addRow(["NOT-THIS-ONE"]);
  const fleet = workbook.addWorksheet("Fleet");
  for (const row of rows) fleet.addRow(row);
  // the tabs' order in xl/workbook.xml (exceljs's model has it; its types do not)
  Object.assign(fleet, { orderNo: 0 });
  Object.assign(other, { orderNo: 1 });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A workbook as exceljs's streaming writer makes it: no shared strings (text as inline strings, `t="inlineStr"`,
 * rich text in runs), dates as date-formatted serial numbers.
 */
export async function inlineStringsAndDates(rows: (string | number | Date | { richText: { text: string }[] })[][], dateFormat = "yyyy-mm-dd"): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = writer.addWorksheet("Fleet");
  for (const values of rows) {
    const row = sheet.addRow(values);
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = dateFormat;
    });
    row.commit();
  }
  sheet.commit();
  await writer.commit();
  return Buffer.concat(chunks);
}

/** A richly formatted text cell, which exceljs's streaming writer stores as an inline string of runs. */
export const rich = (...runs: string[]) => ({ richText: runs.map((text) => ({ text })) });

const PREFIX_SCRIPT = `
import re, sys, zipfile, io
source = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
    for info in source.infolist():
        data = source.read(info)
        if info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"):
            text = data.decode("utf-8")
            text = text.replace('xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"', 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"')
            text = re.sub(r"<(/?)(worksheet|sheetData|sheetFormatPr|dimension|cols|col|row|c|v|is|t|r|rPr|b|pageMargins|pageSetup|f)(?=[\\s/>])", r"<\\1x:\\2", text)
            data = text.encode("utf-8")
        target.writestr(info.filename, data)
sys.stdout.buffer.write(out.getvalue())
`;

/** The same workbook with the worksheet's tags prefixed (`<x:row>`, `<x:c>`), as some writers emit them; rewritten by Python's zipfile. */
export const withPrefixedTags = (xlsx: Buffer): Buffer => python(PREFIX_SCRIPT, xlsx);

const WRITE_CSV_SCRIPT = `
import csv, io, json, sys
rows = json.load(sys.stdin)
out = io.StringIO(newline="")
csv.writer(out, delimiter=sys.argv[1], lineterminator="\\r\\n").writerows(rows)
sys.stdout.buffer.write(out.getvalue().encode(sys.argv[2]))
`;

/** A CSV as Python's csv module writes it with the separator and encoding given (`;` and `cp1252`: Excel's plain CSV in Spain). */
export const csvBytes = (rows: string[][], { separator = ",", encoding = "utf-8" } = {}): Buffer => python(WRITE_CSV_SCRIPT, Buffer.from(JSON.stringify(rows)), separator, encoding);

const READ_CSV_SCRIPT = `
import csv, io, json, sys
data = sys.stdin.buffer.read()
bom = data.startswith(b"\\xef\\xbb\\xbf")
rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
print(json.dumps({"bom": bom, "rows": rows}))
`;

/** A CSV we wrote, as Python's csv module reads it (UTF-8, `bom`: whether it starts with the byte-order mark). */
export function pythonCsv(bytes: Buffer | string): { bom: boolean; rows: string[][] } {
  return JSON.parse(python(READ_CSV_SCRIPT, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, "utf8")).toString("utf8")) as { bom: boolean; rows: string[][] };
}
