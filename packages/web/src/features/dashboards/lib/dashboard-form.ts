import type { Dashboard, DashboardInput } from "../types";
import { compactParams, formatParams, paramsProblem } from "./params";

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;

/** The dashboard form's fields as typed (the Metabase number is text until it is sent). */
export interface DashboardFields {
  name: string;
  description: string;
  metabaseId: string;
  defaultParams: string;
}

export const emptyDashboard = (): DashboardFields => ({ name: "", description: "", metabaseId: "", defaultParams: "" });

export const fieldsOf = (dashboard: Dashboard): DashboardFields => ({
  name: dashboard.name,
  description: dashboard.description ?? "",
  metabaseId: String(dashboard.metabaseId),
  defaultParams: formatParams(dashboard.defaultParams ?? ""),
});

/** docs/api-dashboards.md's rules, checked before sending: each field's problem as a translation key. */
export function checkDashboard(fields: DashboardFields): Partial<Record<keyof DashboardFields, string>> {
  const problems: Partial<Record<keyof DashboardFields, string>> = {};
  const name = fields.name.trim();
  if (!name) problems.name = "dashboards.form.errors.nameRequired";
  else if (name.length > NAME_MAX) problems.name = "dashboards.form.errors.nameTooLong";
  if (fields.description.trim().length > DESCRIPTION_MAX) problems.description = "dashboards.form.errors.descriptionTooLong";
  if (!/^\s*\d{1,9}\s*$/.test(fields.metabaseId) || Number(fields.metabaseId) < 1) problems.metabaseId = "dashboards.form.errors.metabaseId";
  const params = paramsProblem(fields.defaultParams);
  if (params) problems.defaultParams = params;
  return problems;
}

/** What is sent once the fields pass. */
export const inputOf = (fields: DashboardFields): DashboardInput => ({
  name: fields.name.trim(),
  description: fields.description.trim(),
  metabaseId: Number(fields.metabaseId.trim()),
  defaultParams: compactParams(fields.defaultParams),
});
