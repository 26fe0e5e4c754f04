/** An .xlsx that is no spreadsheet the import can read (util/xlsx-read.ts), apart from the reader so that naming it loads no reader. */
export class XlsxError extends Error {
  override name = "XlsxError";
}

export const XLSX_MESSAGES = {
  notXlsx: "This is not an .xlsx file.",
  noSheet: "The .xlsx file has no worksheet.",
  unreadable: "The .xlsx file could not be read.",
} as const;
