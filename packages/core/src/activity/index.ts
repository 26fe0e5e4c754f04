export * as Activity from "./index";
import { randomBytes } from "node:crypto";
import type { Actor } from "../auth/claims";
import { ActivityEntity, type ActivityItem } from "./activity.entity";

export { ActivityEntity } from "./activity.entity";
export type { ActivityItem } from "./activity.entity";

export type ActivityAction =
  | "user.added"
  | "user.edited"
  | "user.role_changed"
  | "user.mechanic_changed"
  | "user.status_changed"
  | "user.billable_changed"
  | "user.removed"
  | "user.password_reset"
  | "user.emailed"
  | "seat.added"
  | "user.invited"
  | "user.invitation_revoked"
  | "submission.shared"
  | "submission.share_revoked"
  | "category.created"
  | "category.edited"
  | "category.deleted"
  | "company.created"
  | "company.edited"
  | "company.limits_changed"
  | "company.suspended"
  | "company.resumed"
  | "company.exported"
  | "document.uploaded"
  | "document.replaced"
  | "document.edited"
  | "document.deleted"
  | "submission.created"
  | "submission.amended"
  | "submission.approved"
  | "submission.sent_back"
  | "form.created"
  | "form.edited"
  | "form.deleted"
  | "template.saved"
  | "template.deleted"
  | "vehicle.created"
  | "vehicle.edited"
  | "vehicle.deleted"
  | "vehicle.imported"
  | "dashboard.associated"
  | "dashboard.edited"
  | "dashboard.removed"
  | "billing.paid"
  | "billing.marked_paid"
  | "report.created"
  | "report.edited"
  | "report.deleted"
  | "apikey.created"
  | "apikey.revoked"
  | "webhook.created"
  | "webhook.edited"
  | "webhook.enabled"
  | "webhook.disabled"
  | "webhook.deleted"
  | "webhook.secret_rolled"
  | "webhook.resent"
  | "defect.certified";

export type SubjectType = "user" | "company" | "document" | "submission" | "form" | "vehicle" | "dashboard" | "billing" | "report" | "apikey" | "webhook";

export interface Change {
  companyId: string;
  actor: Pick<Actor, "userId" | "username">;
  action: ActivityAction;
  /** `ownerId`: the person a submission is theirs (its author): a user sees a submission's entries only when it is theirs (issue 36) */
  subject: { type: SubjectType; id: string; name?: string; ownerId?: string };
  /** the form a submission or form change is about: who may see it follows who may see the form */
  formId?: number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The record of a change, ready to go into the change's own transaction (`ActivityEntity.create(entry(...))`). */
export function entry(change: Change, now = new Date()) {
  const at = now.toISOString();
  return {
    companyId: change.companyId,
    activityId: `${at}#${randomBytes(4).toString("hex")}`,
    at,
    actorId: change.actor.userId,
    actorName: change.actor.username,
    action: change.action,
    subjectType: change.subject.type,
    subjectId: change.subject.id,
    subjectName: change.subject.name ?? "",
    ...(change.subject.ownerId ? { subjectOwnerId: change.subject.ownerId } : {}),
    formId: change.formId ?? 0,
    before: JSON.stringify(change.before ?? {}),
    after: JSON.stringify(change.after ?? {}),
  };
}

/** A change that has no other write to share a transaction with (a message sent, say). */
export async function record(change: Change) {
  await ActivityEntity.create(entry(change)).go();
}

/** The newest changes of a company first. */
export async function recent(companyId: string, limit = 50): Promise<ActivityItem[]> {
  const { data } = await ActivityEntity.query.byCompany({ companyId }).go({ order: "desc", limit });
  return data;
}
