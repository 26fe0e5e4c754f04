import * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import * as Stats from "../stats";
import { FormEntity } from "../form/form.entity";
import { namesOf } from "../form/names";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { addDays, EXPIRY_WINDOW_DAYS, expiringIn, expiryOf, today } from "../document";
import { companyOf } from "../form/verb";
import { ValidationError } from "../util/errors";

/*
 * Native dashboards (issue 16): what a dashboard shows when Metabase is not configured, from the counters
 * kept with the work (stats/) and key-range reads. Every chart carries rows a table view and a CSV download
 * can show as they are.
 */

type Label = { en: string; es: string };
export interface Chart {
  id: string;
  title: Label;
  kind: "bar" | "line" | "number" | "table";
  columns: { key: string; label: Label }[];
  rows: Record<string, string | number>[];
}

const Day = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")));
export const PeriodInput = /* @__PURE__ */ z.lazySchema(() => z.object({ from: z.optional(Day), to: z.optional(Day) }));
export const MAX_DAYS = 366;

export function periodOf(input: z.output<typeof PeriodInput>, on = today()) {
  const to = input.to ?? on;
  const from = input.from ?? addDays(to, -27);
  if (from > to) throw new ValidationError("dashboard.period_invalid", "The start of the period is after its end", { from: ["The start of the period is after its end"] });
  if (addDays(from, MAX_DAYS - 1) < to) throw new ValidationError("dashboard.period_too_long", `A period is at most ${MAX_DAYS} days`, { from: [`A period is at most ${MAX_DAYS} days`] });
  return { from, to };
}

export async function nativeView(actor: Actor, input: z.output<typeof PeriodInput>) {
  const companyId = companyOf(actor);
  const { from, to } = periodOf(input);
  const [days, weeks, waiting, vehicles, expiring] = await Promise.all([
    Stats.days(companyId, from, to),
    Stats.formWeeks(companyId, from, to),
    Stats.approvalsWaiting(companyId),
    VehicleEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["isActive"] }),
    expiringIn(companyId, addDays(today(), EXPIRY_WINDOW_DAYS)),
  ]);
  const formIds = [...new Set(weeks.map((row) => row.formId))];
  const forms = formIds.length ? (await FormEntity.get(formIds.map((formId) => ({ companyId, formId }))).go({ attributes: ["formId", "name", "names"] })).data : [];
  const formName = new Map(forms.map((form) => [form.formId, form.name]));

  const byWeek = new Map<string, { inspections: number; withDefects: number }>();
  for (const day of days) {
    const week = Stats.weekOf(day.day);
    const entry = byWeek.get(week) ?? { inspections: 0, withDefects: 0 };
    entry.inspections += day.inspections;
    entry.withDefects += day.withDefects;
    byWeek.set(week, entry);
  }
  const active = vehicles.data.filter((vehicle) => vehicle.isActive).length;
  const on = today();
  const charts: Chart[] = [
    {
      id: "submissions-per-form",
      title: { en: "Submissions per form per week", es: "Envíos por formulario y semana" },
      kind: "bar",
      columns: [
        { key: "week", label: { en: "Week of", es: "Semana del" } },
        { key: "formName", label: { en: "Form", es: "Formulario" } },
        { key: "count", label: { en: "Submissions", es: "Envíos" } },
      ],
      rows: weeks
        .map((row) => ({ week: row.week, formId: row.formId, formName: formName.get(row.formId) ?? `#${row.formId}`, count: row.count }))
        .sort((a, b) => a.week.localeCompare(b.week) || a.formName.localeCompare(b.formName)),
    },
    {
      id: "inspections",
      title: { en: "Inspections and defects", es: "Inspecciones y defectos" },
      kind: "line",
      columns: [
        { key: "week", label: { en: "Week of", es: "Semana del" } },
        { key: "inspections", label: { en: "Inspections", es: "Inspecciones" } },
        { key: "withDefects", label: { en: "With defects", es: "Con defectos" } },
      ],
      rows: [...byWeek].sort(([a], [b]) => a.localeCompare(b)).map(([week, entry]) => ({ week, ...entry })),
    },
    {
      id: "active-vehicles",
      title: { en: "Vehicles", es: "Vehículos" },
      kind: "number",
      columns: [
        { key: "active", label: { en: "Active", es: "Activos" } },
        { key: "inactive", label: { en: "Inactive", es: "Inactivos" } },
      ],
      rows: [{ active, inactive: vehicles.data.length - active }],
    },
    {
      id: "documents-expiring",
      title: { en: "Documents expiring", es: "Documentos por vencer" },
      kind: "table",
      columns: [
        { key: "name", label: { en: "Document", es: "Documento" } },
        { key: "category", label: { en: "Category", es: "Categoría" } },
        { key: "expiresOn", label: { en: "Expires", es: "Vence" } },
        // the window lists documents already expired too: each says which it is, as home's list does
        { key: "expiry", label: { en: "Status", es: "Estado" } },
      ],
      rows: expiring
        .filter((doc) => !doc.restricted || actor.role === "admin" || actor.role === "orgadmin" || doc.uploadedBy === actor.userId)
        .map((doc) => ({ documentId: doc.documentId, name: doc.name, category: doc.category, expiresOn: doc.expiresOn, expiry: expiryOf(doc.expiresOn, on).expiry })),
    },
    {
      id: "approvals-waiting",
      title: { en: "Approvals waiting", es: "Aprobaciones pendientes" },
      kind: "number",
      columns: [{ key: "waiting", label: { en: "Waiting", es: "Pendientes" } }],
      rows: [{ waiting }],
    },
  ];
  // the charts' rows name forms in SPEC's single name; readers show their language's (issue 19)
  const formNames = Object.fromEntries(forms.map((form) => [form.formId, namesOf(form)]));
  return { kind: "native" as const, from, to, charts, formNames };
}
