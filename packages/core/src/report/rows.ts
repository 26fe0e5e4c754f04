import { appUrl } from "../auth/links";
import { FormEntity } from "../form/form.entity";
import { nameIn } from "../form/names";
import { parseDefinition, type Element, type FormDefinition } from "../form/definition";
import { displayByName, findElement, formatDateTime, labelOf, statusLabel, word, type Lang } from "../form/display";
import { authorCount, companyCount } from "../submission/count";
import { SubmissionAuthorEntity, SubmissionEntity } from "../submission/submission.entity";
import { hasDefects } from "../stats";
import { VehicleEntity, VehicleUseEntity } from "../vehicle/vehicle.entity";
import { day, quantity, type Cell } from "../util/xlsx-write";
import { sheetTime, zonedHeading } from "./period";

/*
 * What a report or an export lists (issue 18, docs/api-reports.md), as rows produced while they are read:
 * nothing here holds the whole table, so the file writers can stream a 100,000-row report.
 */

const COLUMNS = {
  en: { id: "Submission", form: "Form", at: "Submitted at", by: "Submitted by", status: "Status" },
  es: { id: "Envío", form: "Formulario", at: "Enviado el", by: "Enviado por", status: "Estado" },
} as const;

const SUMMARY_COLUMNS = {
  en: ["Vehicle", "VIN", "Description", "Inspections", "With defects", "Defects open", "Last inspection", "Not inspected"],
  es: ["Vehículo", "VIN", "Descripción", "Inspecciones", "Con defectos", "Defectos abiertos", "Última inspección", "Sin inspeccionar"],
} as const;

const ASSET_TYPES = new Set(["photo", "signature", "file"]);
const PAGE = 500;

export interface SubmissionRow {
  submissionId: number;
  /** each cell as text (CSV, a ZIP's index) */
  cells: string[];
  /** the same cells typed for a spreadsheet: numbers, dates, text (issue 38) */
  values: Cell[];
}

export interface SubmissionTable {
  header: string[];
  /** rows expected, when the kept counts tell it (progress) */
  total: number | undefined;
  rows: AsyncGenerator<SubmissionRow>;
}

export interface Selection {
  companyId: string;
  /** the forms to list; undefined: every form of the company */
  formIds?: number[];
  lang: Lang;
  /** ISO bounds, start included, end not; none: all time */
  periodStart?: string;
  periodEnd?: string;
  /** only the submissions this person made (a user's export, issue 36) */
  authorId?: string;
  /** the IANA zone the times are written in, named in their column's heading (issue 40); UTC when none */
  timeZone?: string;
}

/** The names of a definition's answers in the order of the form (sections opened, a group one column). */
function answerNames(body: readonly Element[], names: string[] = []): string[] {
  for (const element of body) {
    if (element.type === "section") answerNames(element.elements, names);
    else names.push(element.name);
  }
  return names;
}

function definitionOf(text: string): FormDefinition | undefined {
  const parsed = parseDefinition(JSON.parse(text));
  return parsed.success ? parsed.definition : undefined;
}

type Lite = { submissionId: number; formId: number; createdAt: string; submittedByName: string; submittedBy: string; status: string; values: string; seq: number };
const ATTRIBUTES = ["submissionId", "formId", "createdAt", "submittedByName", "submittedBy", "status", "values", "formSeq", "companySeq"] as const;

/**
 * Submissions in position order, from the first at or after `from`: one form's through its index, the
 * company's through its own. Positions only grow with time, so the start is found by halving (a few reads
 * of one item), not by reading what came before.
 */
function positions(companyId: string, formId: number | undefined) {
  const read = async (from: number, limit: number, cursor: string | null) => {
    const query = formId !== undefined ? SubmissionEntity.query.byForm({ companyId, formId }).gte({ formSeq: from }) : SubmissionEntity.query.byCompany({ companyId }).gte({ companySeq: from });
    const page = await query.go({ limit, cursor, attributes: [...ATTRIBUTES] });
    return {
      items: page.data.map((item) => ({ ...item, seq: (formId !== undefined ? item.formSeq : item.companySeq) ?? 0 }) as Lite),
      cursor: page.cursor,
    };
  };
  return {
    /** The first position whose submission was created at or after `at`. */
    async firstAt(at: string, count: number) {
      let low = 1;
      let high = count + 1;
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        const [item] = (await read(middle, 1, null)).items;
        if (!item || item.createdAt >= at) high = middle;
        else low = item.seq + 1;
      }
      return low;
    },
    async *from(start: number) {
      let cursor: string | null = null;
      do {
        const page: { items: Lite[]; cursor: string | null } = await read(start, PAGE, cursor);
        yield* page.items;
        cursor = page.cursor;
      } while (cursor);
    },
  };
}

/**
 * One person's submissions in position order (issue 36: a user's export lists only their own): their keys (one
 * form's or all), a page at a time, then those submissions by id. Never the company's list.
 */
async function* authoredBy(companyId: string, userId: string, formId: number | undefined): AsyncGenerator<Lite> {
  let cursor: string | null = null;
  do {
    const page: { data: { submissionId: number }[]; cursor: string | null } =
      formId !== undefined
        ? await SubmissionAuthorEntity.query.byAuthorForm({ companyId, userId, formId }).go({ limit: PAGE, cursor, attributes: ["submissionId"] })
        : await SubmissionAuthorEntity.query.byAuthor({ companyId, userId }).go({ limit: PAGE, cursor, attributes: ["submissionId"] });
    const ids = page.data.map((key) => key.submissionId);
    const { data } = ids.length ? await SubmissionEntity.get(ids.map((submissionId) => ({ companyId, submissionId }))).go({ attributes: [...ATTRIBUTES], preserveBatchOrder: true }) : { data: [] };
    for (const item of data) if (item && item.submittedBy === userId) yield { ...item, seq: item.companySeq ?? 0 } as Lite;
    cursor = page.cursor;
  } while (cursor);
}

/** The submissions of the selection, oldest first, every answer a column (its label in the report's language). */
export async function submissionTable(selection: Selection): Promise<SubmissionTable> {
  const { companyId, lang } = selection;
  const timeZone = selection.timeZone ?? "UTC";
  const forms = selection.formIds
    ? (await FormEntity.get([...new Set(selection.formIds)].map((formId) => ({ companyId, formId }))).go()).data
    : (await FormEntity.query.byCompany({ companyId }).go({ pages: "all" })).data;
  forms.sort((a, b) => a.formId - b.formId);
  const byForm = new Map(forms.map((form) => [form.formId, { form, definition: definitionOf(form.formDefinition) }]));
  const columns: { formId: number; name: string; label: string; asset: boolean; element: Element | undefined }[] = [];
  for (const { form, definition } of byForm.values()) {
    for (const name of definition ? answerNames(definition.body) : []) {
      const element = findElement(definition!.body, name);
      columns.push({ formId: form.formId, name, label: labelOf(definition!, name, lang), asset: !!element && ASSET_TYPES.has(element.type), element });
    }
  }
  const labelCounts = new Map<string, number>();
  columns.forEach((column) => labelCounts.set(column.label, (labelCounts.get(column.label) ?? 0) + 1));
  const words = COLUMNS[lang];
  const header = [
    words.id,
    words.form,
    zonedHeading(words.at, timeZone),
    words.by,
    words.status,
    ...columns.map((column) => (labelCounts.get(column.label)! > 1 ? `${column.label} (${nameIn(byForm.get(column.formId)!.form, lang)})` : column.label)),
  ];

  const single = forms.length === 1 ? forms[0]! : undefined;
  const { periodStart, periodEnd, authorId } = selection;
  const count = authorId !== undefined ? await authorCount(companyId, authorId, single?.formId) : single ? single.submissionCount : await companyCount(companyId);
  const index = positions(companyId, single?.formId);
  const wanted = new Set(forms.map((form) => form.formId));
  const total = !periodStart && (single || !selection.formIds) ? count : undefined;
  const link = await appUrl("/submissions/", {});

  async function* rows(): AsyncGenerator<SubmissionRow> {
    const items = authorId !== undefined ? authoredBy(companyId, authorId, single?.formId) : index.from(periodStart ? await index.firstAt(periodStart, count) : 1);
    for await (const item of items) {
      if (periodEnd && item.createdAt >= periodEnd) return;
      if (periodStart && item.createdAt < periodStart) continue;
      if (!wanted.has(item.formId)) continue;
      const { form, definition } = byForm.get(item.formId)!;
      const values = JSON.parse(item.values) as Record<string, unknown>;
      const answers = columns.map((column): [string, Cell] => {
        const value = values[column.name];
        if (column.formId !== item.formId || value === undefined || value === null) return ["", null];
        if (column.asset) return [`${link}${item.submissionId}`, `${link}${item.submissionId}`];
        const text = definition ? displayByName(definition, column.name, value as never, lang) : String(value);
        if (column.element?.type === "number" && typeof value === "number") return [text, quantity(value, column.element.unit)];
        if (column.element?.type === "date" && typeof value === "string") return [text, day(value)];
        return [text, text];
      });
      const by = item.submittedByName || item.submittedBy;
      const status = statusLabel(lang, item.status);
      yield {
        submissionId: item.submissionId,
        cells: [String(item.submissionId), nameIn(form, lang), formatDateTime(item.createdAt, lang, timeZone), by, status, ...answers.map(([text]) => text)],
        values: [item.submissionId, nameIn(form, lang), sheetTime(item.createdAt, timeZone), by, status, ...answers.map(([, value]) => value)],
      };
    }
  }
  return { header, total, rows: rows() };
}

/**
 * One row per active vehicle of the company, by number: its inspections in the period (submissions that
 * picked it), how many reported defects, whether its latest inspection by the period's end still reports
 * them, when that was, and whether it went uninspected.
 */
export async function inspectionSummary(selection: Required<Pick<Selection, "companyId" | "lang" | "periodStart" | "periodEnd">> & Pick<Selection, "timeZone">): Promise<SubmissionTable> {
  const { companyId, lang, periodStart, periodEnd } = selection;
  const timeZone = selection.timeZone ?? "UTC";
  const { data: vehicles } = await VehicleEntity.query.byCompany({ companyId }).go({ pages: "all" });
  const active = vehicles.filter((vehicle) => vehicle.isActive).sort((a, b) => a.vehicleNumber.localeCompare(b.vehicleNumber, undefined, { numeric: true }));
  const yes = word(lang, "yes");
  const no = word(lang, "no");

  async function summarize(vehicleId: string) {
    let inspections = 0;
    let withDefects = 0;
    let latest: { createdAt: string; defects: boolean } | undefined;
    let cursor: string | null = null;
    do {
      const page: { data: { submissionId: number }[]; cursor: string | null } = await VehicleUseEntity.query.byVehicle({ companyId, vehicleId }).go({ order: "desc", cursor, limit: 100 });
      const ids = page.data.map((use) => use.submissionId);
      const { data: submissions } = ids.length ? await SubmissionEntity.get(ids.map((submissionId) => ({ companyId, submissionId }))).go({ attributes: ["submissionId", "createdAt", "values"] }) : { data: [] };
      const newestFirst = submissions.sort((a, b) => b.submissionId - a.submissionId);
      for (const submission of newestFirst) {
        if (submission.createdAt >= periodEnd) continue;
        const defects = hasDefects(JSON.parse(submission.values));
        latest ??= { createdAt: submission.createdAt, defects };
        if (submission.createdAt < periodStart) return { inspections, withDefects, latest };
        inspections++;
        if (defects) withDefects++;
      }
      cursor = page.cursor;
    } while (cursor);
    return { inspections, withDefects, latest };
  }

  async function* rows(): AsyncGenerator<SubmissionRow> {
    for (const vehicle of active) {
      const { inspections, withDefects, latest } = await summarize(vehicle.vehicleId);
      const first = [vehicle.vehicleNumber, vehicle.vin, vehicle.description];
      const defectsOpen = latest?.defects ? yes : no;
      const notInspected = inspections === 0 ? yes : no;
      yield {
        submissionId: 0,
        cells: [...first, String(inspections), String(withDefects), defectsOpen, latest ? formatDateTime(latest.createdAt, lang, timeZone) : "", notInspected],
        values: [...first, inspections, withDefects, defectsOpen, latest ? sheetTime(latest.createdAt, timeZone) : null, notInspected],
      };
    }
  }
  // the last inspection's time, in the zone its heading names
  const header = SUMMARY_COLUMNS[lang].map((heading, i) => (i === 6 ? zonedHeading(heading, timeZone) : heading));
  return { header, total: active.length, rows: rows() };
}
