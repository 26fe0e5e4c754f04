/* exceljs's streaming writer by its own path (util/xlsx-write.ts): the package types it only through its entry point. */
declare module "exceljs/lib/stream/xlsx/workbook-writer.js" {
  import type { stream } from "exceljs";
  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
