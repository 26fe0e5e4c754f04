import { zipOf } from "./archive-bombs";

/**
 * A minimal .xlsx (a ZIP with the workbook parts a reader needs: the workbook, its relationships, the
 * shared strings and the sheet), for tests and the end-to-end journeys: the first row's and every
 * text cell go through the shared strings, numbers are numbers, `true`/`false` booleans.
 */
export function xlsxOf(rows: (string | number | boolean | null)[][]): Buffer {
  const strings: string[] = [];
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows.map((row, r) => {
    const cells = row.map((value, c) => {
      const ref = `${column(c)}${r + 1}`;
      if (value === null) return "";
      if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
      if (typeof value === "boolean") return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
      strings.push(value);
      return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
    });
    return `<row r="${r + 1}">${cells.join("")}</row>`;
  });
  const files: [string, string][] = [
    ["[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'],
    ["xl/workbook.xml", '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Fleet" sheetId="1" r:id="rId1"/></sheets></workbook>'],
    [
      "xl/_rels/workbook.xml.rels",
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ],
    ["xl/sharedStrings.xml", `<?xml version="1.0"?><sst count="${strings.length}">${strings.map((s) => `<si><t>${escape(s)}</t></si>`).join("")}</sst>`],
    ["xl/worksheets/sheet1.xml", `<?xml version="1.0"?><worksheet><sheetData>${sheetRows.join("")}</sheetData></worksheet>`],
  ];
  return zipOf(files.map(([name, data]) => ({ name, data })));
}
