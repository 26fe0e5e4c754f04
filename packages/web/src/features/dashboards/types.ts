import type { PerLanguage } from "@fleetforms/core/form/fields";

/** docs/api-dashboards.md "The dashboard": a company's association and its custom parameters. */
export interface DashboardCompany {
  companyId: string;
  companyName: string;
  customParams: string;
}

/** docs/api-dashboards.md "The dashboard"; `companies` only in the provider administrator's views. */
export interface Dashboard {
  id: string;
  name: string;
  description: string;
  metabaseId: number;
  defaultParams: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  pinned: boolean;
  lastOpenedAt: string | null;
  companies?: DashboardCompany[];
}

/** What the dashboard form sends (`PUT` adds the version read). */
export interface DashboardInput {
  name: string;
  description: string;
  metabaseId: number;
  defaultParams: string;
}

/** A word in both interface languages, as the native charts carry their titles and column labels. */
export interface Localized {
  en: string;
  es: string;
}

export const CHART_KINDS = ["bar", "line", "number", "table"] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export type ChartCell = string | number | boolean | null | undefined;
export type ChartRow = Record<string, ChartCell>;

/** A native chart (docs/api-dashboards.md): its rows are also its table view and its CSV. */
export interface NativeChart {
  id: string;
  title: Localized;
  kind: ChartKind;
  columns: { key: string; label: Localized }[];
  rows: ChartRow[];
}

/** Metabase configured: a signed embedding address that lapses at `expiresAt`. */
export interface MetabaseView {
  kind: "metabase";
  url: string;
  expiresAt: string;
}

/** Without Metabase: the product's own charts for a period (YYYY-MM-DD, inclusive). */
export interface NativeView {
  kind: "native";
  from: string;
  to: string;
  charts: NativeChart[];
  /** the names of the forms the rows name (by `formId`), per language */
  formNames?: Record<string, PerLanguage>;
}

export type DashboardView = MetabaseView | NativeView;

/** A company the association dialog can pick (`GET /company/admin/all`). */
export interface CompanyOption {
  id: string;
  name: string;
}

/** The period a native dashboard shows, as the page's address carries it. */
export interface Period {
  from?: string;
  to?: string;
}
