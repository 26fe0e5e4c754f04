import type { INVITABLE_ROLES } from "@fleetforms/core/invitation/schemas";
import type { Lang, Role, SeatRole } from "@fleetforms/core/user/roles";

export type { Lang, Role, SeatRole };
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
export const STATUSES = ["active", "inactive"] as const;
export type MemberStatus = (typeof STATUSES)[number];

/** One person of the company as every listing and change answers it (docs/api-admin.md "The member row"). */
export interface Member {
  id: string;
  seatId: string;
  companyId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  lang: Lang;
  role: SeatRole;
  status: MemberStatus;
  billable: boolean;
  /** may certify defect repairs (issue 42) */
  mechanic?: boolean;
  lastSignInAt: string | null;
  createdAt?: string;
  version: number;
}

export const SORT_COLUMNS = ["name", "username", "email", "phone", "role", "status", "billable", "lastSignInAt", "lang"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

/** The query of `GET /user/getUsersbyCompany`: server-side sort, search, filters and paging. */
export interface MembersQuery {
  sort_by: SortColumn;
  sort_direction: SortDirection;
  q?: string;
  role?: SeatRole;
  status?: MemberStatus;
  page: number;
  pageSize: number;
}

export interface MembersPage {
  data: Member[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** A company as `GET /company/admin/all` lists it; the admin screens need its id and name. */
export interface CompanyOption {
  id: string;
  name: string;
}

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** An invitation as the inviting company's administrators see it (`GET /user/invitations`). */
export interface CompanyInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  status: InvitationStatus;
  createdAt: string;
  sentAt?: string;
  expiresAt: string;
}

/** `GET /company/admin/summary`: what the admin landing page counts. */
export interface AdminSummary {
  users: { count: number; active: number; pendingInvitations: number };
  forms: { count: number; inactive: number };
  vehicles: { count: number; inactive: number };
  /** provider administrators only */
  companies: { count: number } | null;
}
