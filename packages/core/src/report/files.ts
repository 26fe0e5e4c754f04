import { csvField } from "../util/csv";
import { streamSheet } from "../util/xlsx-write";
import { ZipWriter } from "../util/zip-write";
import { ObjectWriter } from "../storage/object-writer";
import type { Lang } from "../form/display";
import * as SubmissionPdf from "../submission/pdf";
import { inspectionSummary, submissionTable, type SubmissionTable } from "./rows";
import { emissionsTable } from "../emissions/report";
import { complianceTable } from "../defect/report";
import { REPORT_CONTENT_TYPES, type REPORT_FORMATS, type REPORT_WHAT } from "./schemas";

/*
 * A report's file, written to the bucket as its rows are read (issue 18): CSV and XLSX go out in 5 MiB parts,
 * a ZIP renders each PDF, adds it and lets it go. Nothing holds the whole file.
 */

export interface Settings {
  companyId: string;
  /** the file's name without its extension */
  name: string;
  sheetName?: string;
  what: (typeof REPORT_WHAT)[number];
  /** undefined: every form (an export of the whole list) */
  formIds: number[] | undefined;
  format: (typeof REPORT_FORMATS)[number];
  lang: Lang;
  periodStart?: string;
  periodEnd?: string;
  /** an export asked for by a user (role `user`): only the submissions they made (issue 36) */
  authorId?: string;
  /** the IANA zone the file's times are written in (the schedule's; the company's for an export), named in their headings (issue 40) */
  timeZone?: string;
}

export interface BuildOptions {
  /** the object's key without its extension */
  key: string;
  /** one part of a ZIP in parts: its rows are `perPart` from `(part - 1) × perPart` */
  part?: { part: number; of: number; perPart: number; words: (part: number, of: number) => string };
  /** told the rows written so far (every `PROGRESS_EVERY`), and first the rows expected */
  progress?: (processed: number, total?: number) => Promise<void>;
}

const PROGRESS_EVERY = 500;
const INDEX_FILE = { en: "File", es: "Archivo" } as const;

const csvLine = (cells: readonly string[]) => `${cells.map(csvField).join(",")}\r\n`;
const safeName = (name: string) => name.replace(/[^\p{L}\p{N} _.-]+/gu, "").trim() || "report";

function tableOf(settings: Settings): Promise<SubmissionTable> {
  const periodStart = settings.periodStart ?? new Date(0).toISOString();
  const periodEnd = settings.periodEnd ?? new Date().toISOString();
  if (settings.what === "inspection_summary") return inspectionSummary({ companyId: settings.companyId, lang: settings.lang, periodStart, periodEnd, timeZone: settings.timeZone });
  // issue 42: the fills submitted in the period with their CO2, then the period's total
  if (settings.what === "emissions") return emissionsTable({ companyId: settings.companyId, lang: settings.lang, periodStart, periodEnd });
  // issue 42: the DVIR record per vehicle, the defects reported in the period and where each stands
  if (settings.what === "compliance") return complianceTable({ companyId: settings.companyId, lang: settings.lang, periodStart, periodEnd, timeZone: settings.timeZone });
  return submissionTable({ companyId: settings.companyId, formIds: settings.formIds, lang: settings.lang, periodStart: settings.periodStart, periodEnd: settings.periodEnd, authorId: settings.authorId, timeZone: settings.timeZone });
}

/** How many rows the report has (a ZIP is split by it before any PDF is drawn). */
export async function countRows(settings: Settings): Promise<number> {
  let rows = 0;
  for await (const _ of (await tableOf(settings)).rows) rows++;
  return rows;
}

export async function buildFile(settings: Settings, options: BuildOptions): Promise<{ fileKey: string; fileName: string; bytes: number; rows: number }> {
  const table = await tableOf(settings);
  const partName = options.part ? ` ${options.part.words(options.part.part, options.part.of)}` : "";
  const fileName = `${safeName(settings.name)}${partName}.${settings.format}`;
  const fileKey = `${options.key}.${settings.format}`;
  const writer = new ObjectWriter(fileKey, REPORT_CONTENT_TYPES[settings.format]);
  const sink = (chunk: Buffer) => writer.write(chunk);
  let rows = 0;
  await options.progress?.(0, table.total);
  const counted = async function* () {
    for await (const row of table.rows) {
      rows++;
      if (rows % PROGRESS_EVERY === 0) await options.progress?.(rows);
      yield row;
    }
  };
  try {
    if (settings.format === "csv") {
      await writer.write(`\ufeff${csvLine(table.header)}`);
      for await (const row of counted()) await writer.write(csvLine(row.cells));
    } else if (settings.format === "xlsx") {
      await streamSheet(
        (async function* () {
          yield table.header;
          for await (const row of counted()) yield row.values;
        })(),
        sink,
        { sheetName: settings.sheetName ?? settings.name },
      );
    } else {
      rows = await writePdfs(settings, table, sink, options.part);
    }
    return { fileKey, fileName, bytes: await writer.close(), rows };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** The ZIP: each row's PDF in the report's language, then `index.csv` (the rows and the file of each). */
async function writePdfs(settings: Settings, table: SubmissionTable, sink: (chunk: Buffer) => Promise<void>, part: BuildOptions["part"]): Promise<number> {
  const first = part ? (part.part - 1) * part.perPart : 0;
  const last = part ? first + part.perPart : Infinity;
  const archive = new ZipWriter(sink);
  const index = [csvLine([...table.header, INDEX_FILE[settings.lang]])];
  let at = 0;
  for await (const row of table.rows) {
    if (at >= last) break;
    if (at++ < first) continue;
    const { body, fileName } = await SubmissionPdf.pdfFor(settings.companyId, row.submissionId, settings.lang);
    await archive.add(fileName, body);
    index.push(csvLine([...row.cells, fileName]));
  }
  await archive.add("index.csv", `\ufeff${index.join("")}`);
  await archive.finish();
  return index.length - 1;
}
