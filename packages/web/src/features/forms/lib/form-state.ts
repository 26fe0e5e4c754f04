import type { Form, FormState, Role } from "../types";

/**
 * SPEC §4: a draft when inactive or its status is 'draft'; assigned when active
 * and assigned to the person, by user or by role. The server sends `state`;
 * this is the same rule for a form that comes without it.
 */
export function formStateOf(form: Pick<Form, "isActive" | "status" | "state" | "assignedRoles" | "assignedUserIds">, who: { role?: Role | null; userId?: string | null } = {}): FormState {
  if (form.state) return form.state;
  if (!form.isActive || form.status === "draft") return "draft";
  if (form.status === "inactive") return "inactive";
  if ((who.userId && form.assignedUserIds?.includes(who.userId)) || (who.role && form.assignedRoles?.includes(who.role))) return "assigned";
  return "active";
}

export const isAdminRole = (role: Role | null | undefined) => role === "admin" || role === "orgadmin";

export type FillBlock = "viewer" | "inactiveRole" | "closed" | "draft";

/**
 * Why the person cannot send answers, if they cannot: viewers read but never
 * write (DESIGN §4); a form with status inactive takes nothing; drafts
 * (status draft, or switched off) take answers from administrators only, who
 * try them out: the server's rule.
 */
export function fillBlock(form: Pick<Form, "isActive" | "status" | "state">, role: Role | null | undefined): FillBlock | undefined {
  if (role === "viewer") return "viewer";
  if (role === "inactive" || !role) return "inactiveRole";
  if (form.status === "inactive") return "closed";
  if (formStateOf(form) === "draft" && !isAdminRole(role)) return "draft";
  return undefined;
}
