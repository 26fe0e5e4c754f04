import type { Actor } from "../auth/claims";

/**
 * Issue 36: a user (role `user`) fills in forms and sees their own submissions; viewers and administrators see
 * the company's. The one rule every submission read follows (list, detail, PDF, export, home, activity). Its
 * own module, without imports, so the activity feed and the reports take it without the submission domain.
 */
export const seesOnlyOwn = (actor: Pick<Actor, "role" | "isProviderAdmin">) => actor.role === "user" && !actor.isProviderAdmin;

/** Whether the caller may read this submission (one of their company: `mustGet` has checked that). */
export const mayRead = (actor: Pick<Actor, "role" | "isProviderAdmin" | "userId">, submission: { submittedBy: string }) =>
  !seesOnlyOwn(actor) || submission.submittedBy === actor.userId;
