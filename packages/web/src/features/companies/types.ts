import type { COMPANY_SORT_COLUMNS } from "@fleetforms/core/company/schemas";
import type { Lang, SeatRole } from "@fleetforms/core/user/roles";

export type { Lang, SeatRole };

export const COMPANY_STATUSES = ["active", "suspended"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** The limits a provider sets per tenant (docs/api-companies.md), each in force with its default when not set. */
export const LIMIT_KEYS = ["requestsPerMinute", "storageBytes", "users", "pdfRendersPerDay", "reportSchedules"] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
export type Limits = Record<LimitKey, number>;

/** A company as the provider sees it (docs/api-companies.md "The company"). */
export interface Company {
  id: string;
  name: string;
  companyEmail: string;
  companyWebsite: string;
  companyPhone: string;
  companyAddress: string;
  city: string;
  state: string;
  zipCode: string;
  /** report settings (issue 19): the zone PDF times are printed in, the lines under the name, the logo's asset */
  timeZone: string;
  reportDetails: string;
  logoAssetId: number | null;
  version: number;
  status: CompanyStatus;
  suspendedReason: string | null;
  suspendedAt: string | null;
  limits: Limits;
  createdAt?: string;
}

/** A row of `GET /company/admin/all` with `limit`: the company and its figures. */
export interface CompanyRow extends Company {
  users: number;
  billableUsers: number;
  activeVehicles: number;
  submissionsThisMonth: number;
  lastActivityAt: string | null;
}

export type CompanySortColumn = (typeof COMPANY_SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

/** The listing's query: the page size is fixed, the rest lives in the address. */
export interface CompaniesQuery {
  search?: string;
  status?: CompanyStatus;
  sort_by: CompanySortColumn;
  sort_direction: SortDirection;
  page: number;
}

export interface CompaniesPage {
  companies: CompanyRow[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** What a tenant used in one month, counted as the work happened. */
export const USAGE_METRICS = ["requests", "submissions", "pdfRenders", "storageBytes", "reportRuns", "emails", "sms"] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];
export type UsageMonth = { month: string } & Record<UsageMetric, number>;

/** The limits the API says how close the tenant is to (0 = none used, 1 = at the limit). */
export const CLOSENESS_KEYS = ["requestsPerMinute", "storageBytes", "pdfRendersPerDay", "reportSchedules"] as const;
export type ClosenessKey = (typeof CLOSENESS_KEYS)[number];

export interface Usage {
  thisMonth: UsageMonth;
  lastMonth: UsageMonth;
  today: { pdfRenders: number };
  thisMinute: { requests: number };
  /** active report schedules, against `limits.reportSchedules` (issue 36) */
  reports?: { activeSchedules: number };
  limits: Limits;
  closeness: Partial<Record<ClosenessKey, number>>;
}

/** `GET /company/{id}/usage` and each tenant of `GET /company/admin/usage`. */
export interface TenantUsage {
  company: Company;
  usage: Usage;
}

/** A person of a company (docs/api-admin.md "The member row"), the fields the company page shows. */
export interface Person {
  id: string;
  seatId: string;
  companyId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: SeatRole;
  status: "active" | "inactive";
}

export interface PeoplePage {
  data: Person[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** `POST /company/admin/create`'s answer: the company and the first orgadmin's invitation. */
export interface CreatedCompany {
  company: Company;
  invitation: { id: string; email: string; role: "orgadmin"; expiresAt: string };
}

export interface CompanyExport {
  url: string;
  expiresIn: number;
  bytes: number;
  files: number;
}

/** A company's bill of one month, as far as its page shows it (docs/api-billing.md "The billing month"); money in integer cents. */
export interface CompanyBill {
  companyId: string;
  /** `YYYY-MM`, UTC */
  month: string;
  totalAmount: number;
  currency: string;
  paymentStatus: "paid" | "unpaid";
}

/** One ended month on the company's page: its bill, or null when the month has none for the company. */
export interface BilledMonth {
  month: string;
  bill: CompanyBill | null;
}
