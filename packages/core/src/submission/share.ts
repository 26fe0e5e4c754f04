import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import * as Form from "../form";
import * as Company from "../company";
import { Id, Lang } from "../form/fields";
import { companyOf, verb } from "../form/verb";
import { parameter } from "../util/config";
import { randomToken, sha256 } from "../util/crypto";
import { AppError, ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from "../util/errors";
import { ShareEntity, ShareOpenEntity, type ShareItem, type ShareOpenItem, type SubmissionItem } from "./submission.entity";
import { displayName, fromId, mustGet, mustRead } from "./read";

/** Security issue item 12: a share link lives at most 30 days. */
export const MAX_SHARE_HOURS = 24 * 30;
/** After a link stops working its record and access log are kept this long, then the table's TTL drops them. */
const KEPT_AFTER_SECONDS = 90 * 24 * 3600;
/** The newest opens listed per link; `openCount` counts them all. */
export const OPENS_LISTED = 50;

export const SHARE_NOT_FOUND_MESSAGE = "This link has expired or does not exist";
export const SHARE_EXPIRED_MESSAGE = "This link has expired. Ask for a new one.";
export const SHARE_REVOKED_MESSAGE = "This link was revoked and no longer works. Ask for a new one.";
export const SHARE_FORBIDDEN_MESSAGE = "Only the person who submitted this and the company's administrators can share it.";

class GoneError extends AppError {
  override name = "GoneError";
  constructor(code: string, message: string) {
    super(code, message, 410);
  }
}

const isAdmin = (actor: Actor) => actor.role === "admin" || actor.role === "orgadmin";
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Links made before `validUntil` existed work until their TTL. */
const validUntilOf = (share: ShareItem) => share.validUntil ?? share.expiresAt;
/** Links made before `shareId` existed are named by the start of their hash (which cannot be turned back into the token). */
const shareIdOf = (share: ShareItem) => share.shareId ?? share.tokenHash.slice(0, 16);

/** Who may share a submission: its submitter and the company's administrators. */
export const canShare = (actor: Actor, submission: Pick<SubmissionItem, "submittedBy">) =>
  actor.role !== "viewer" && actor.role !== "inactive" && (isAdmin(actor) || submission.submittedBy === actor.userId);

export const ShareInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  id: Id,
  expiresInHours: z._default(z.number().check(
    z.int(),
    z.gte(1, "A share link is valid for at least 1 hour"),
    z.lte(MAX_SHARE_HOURS, `A share link is valid for at most 30 days (${MAX_SHARE_HOURS} hours)`),
  ), 72),
  lang: z.optional(Lang),
}));

/** An expiring link to the submission's PDF, for forms with canBeShared; the token is shown once and stored hashed. */
export const share = /* @__PURE__ */ verb(ShareInput, async (actor, input) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const submission = await mustRead(actor, input.id);
  if (!canShare(actor, submission)) throw new ForbiddenError("submission.share_forbidden", SHARE_FORBIDDEN_MESSAGE);
  const form = await Form.mustGet(companyId, submission.formId);
  if (!form.canBeShared) throw new UnprocessableError("submission.not_shareable", "This form's submissions cannot be shared");
  const token = randomToken();
  const shareId = randomToken().slice(0, 16);
  const validUntil = nowSeconds() + input.expiresInHours * 3600;
  const createdByName = await displayName(actor.userId, actor.username);
  const subject = { type: "submission" as const, id: String(submission.submissionId), name: form.name, ownerId: submission.submittedBy };
  await createWriteTransaction({ shares: ShareEntity, activity: ActivityEntity }, ({ shares, activity }) => [
    shares
      .create({
        tokenHash: sha256(token),
        shareId,
        companyId,
        submissionId: submission.submissionId,
        lang: input.lang ?? submission.lang,
        createdBy: actor.userId,
        createdByName,
        validUntil,
        expiresAt: validUntil + KEPT_AFTER_SECONDS,
      })
      .commit(),
    activity.create(Activity.entry({ companyId, actor, action: "submission.shared", subject, formId: form.formId, after: { validUntil: new Date(validUntil * 1000).toISOString() } })).commit(),
  ]).go();
  const path = `/submissions/shared/${token}`;
  const appUrl = await parameter("APP_URL");
  // the link people get is the app's page for it (the form, the company, the expiry, a download button), in the link's language
  const page = `/shared/${token}`;
  return { shareId, token, path, url: appUrl ? `${appUrl.replace(/\/$/, "")}${page}` : page, expiresAt: new Date(validUntil * 1000).toISOString() };
});

/** What a link opens, checked like an open (404 unknown, 410 revoked or expired) and not counted as one. */
async function liveLink(token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) throw new NotFoundError("submission.share_not_found", SHARE_NOT_FOUND_MESSAGE);
  const { data: link } = await ShareEntity.get({ tokenHash: sha256(token) }).go();
  if (!link) throw new NotFoundError("submission.share_not_found", SHARE_NOT_FOUND_MESSAGE);
  if (link.revokedAt) throw new GoneError("submission.share_revoked", SHARE_REVOKED_MESSAGE);
  if (validUntilOf(link) <= nowSeconds()) throw new GoneError("submission.share_expired", SHARE_EXPIRED_MESSAGE);
  return link;
}

/**
 * `GET /submissions/shared/{token}/info` (public): what the recipient's page shows before the download: the
 * form's name, the company's, the submission, the link's language and expiry. Opening it is not an open of the
 * PDF (those are logged by the download).
 */
export async function sharedInfo(token: string) {
  const link = await liveLink(token);
  const submission = await fromId(link.companyId, link.submissionId);
  if (!submission) throw new NotFoundError("submission.share_not_found", SHARE_NOT_FOUND_MESSAGE);
  const [form, company] = await Promise.all([Form.fromId(link.companyId, submission.formId), Company.fromId(link.companyId)]);
  return {
    formName: form ? Form.nameIn(form, link.lang) : "",
    formNames: form ? Form.namesOf(form) : { en: "", es: "" },
    companyName: company?.name ?? "",
    submissionId: submission.submissionId,
    submittedAt: submission.createdAt,
    lang: link.lang,
    expiresAt: new Date(validUntilOf(link) * 1000).toISOString(),
    downloadPath: `/api/submissions/shared/${token}`,
  };
}

export interface Visitor {
  address: string;
  userAgent?: string;
}

/**
 * The submission a share token opens. Each open is recorded (when, from
 * which address) in the same transaction as the link's open count; a revoked
 * or expired link answers 410, an unknown one 404.
 */
export async function openShared(token: string, visitor: Visitor): Promise<{ submission: SubmissionItem; lang: "en" | "es" }> {
  const link = await liveLink(token);
  const submission = await fromId(link.companyId, link.submissionId);
  if (!submission) throw new NotFoundError("submission.share_not_found", SHARE_NOT_FOUND_MESSAGE);
  await recordOpen(link, visitor);
  return { submission, lang: link.lang };
}

/** Concurrent opens of one link contend on its count; each tries again a few times. */
const OPEN_RETRIES = 5;

async function recordOpen(link: ShareItem, visitor: Visitor) {
  for (let attempt = 0; ; attempt++) {
    const openedAt = new Date().toISOString();
    const result = await createWriteTransaction({ share: ShareEntity, open: ShareOpenEntity }, ({ share: shares, open }) => [
      shares
        .patch({ tokenHash: link.tokenHash })
        .add({ openCount: 1 })
        .set({ lastOpenedAt: openedAt })
        .where((attr, { notExists }) => notExists(attr.revokedAt))
        .commit(),
      open
        .create({
          companyId: link.companyId,
          submissionId: link.submissionId,
          shareId: shareIdOf(link),
          openedAt,
          openId: randomToken().slice(0, 8),
          address: visitor.address.slice(0, 64),
          userAgent: (visitor.userAgent ?? "").slice(0, 300),
          expiresAt: link.expiresAt,
        })
        .commit(),
    ]).go();
    if (!result.canceled) return;
    if (result.data[0]?.code === "ConditionalCheckFailed") throw new GoneError("submission.share_revoked", SHARE_REVOKED_MESSAGE);
    if (attempt >= OPEN_RETRIES) throw new ConflictError("submission.share_busy", "This link is being opened many times at once. Please try again.");
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 40 * (attempt + 1)));
  }
}

function presentShare(link: ShareItem, opens: ShareOpenItem[]) {
  const validUntil = validUntilOf(link);
  return {
    shareId: shareIdOf(link),
    status: link.revokedAt ? ("revoked" as const) : validUntil <= nowSeconds() ? ("expired" as const) : ("live" as const),
    lang: link.lang,
    createdAt: link.createdAt,
    createdBy: link.createdByName || link.createdBy,
    expiresAt: new Date(validUntil * 1000).toISOString(),
    revokedAt: link.revokedAt ?? null,
    revokedBy: link.revokedBy ?? null,
    openCount: link.openCount,
    lastOpenedAt: link.lastOpenedAt ?? null,
    opens: opens.map((open) => ({ openedAt: open.openedAt, address: open.address, userAgent: open.userAgent })),
  };
}
export type PresentedShare = ReturnType<typeof presentShare>;

async function linksOf(submission: SubmissionItem): Promise<ShareItem[]> {
  const { data } = await ShareEntity.query.bySubmission({ companyId: submission.companyId, submissionId: submission.submissionId }).go({ order: "desc", pages: "all" });
  return data;
}

async function opensOf(link: ShareItem): Promise<ShareOpenItem[]> {
  const { data } = await ShareOpenEntity.query
    .byShare({ companyId: link.companyId, submissionId: link.submissionId, shareId: shareIdOf(link) })
    .go({ order: "desc", limit: OPENS_LISTED });
  return data;
}

const ById = /* @__PURE__ */ z.lazySchema(() => z.object({ id: Id }));

/** The share links of a submission with their opens, newest first: administrators of its company only. */
export const shares = /* @__PURE__ */ verb(ById, async (actor, input) => {
  if (!isAdmin(actor)) throw new ForbiddenError();
  const submission = await mustGet(companyOf(actor), input.id);
  const links = await linksOf(submission);
  return Promise.all(links.map(async (link) => presentShare(link, await opensOf(link))));
});

export const RevokeShareInput = /* @__PURE__ */ z.lazySchema(() => z.object({ id: Id, shareId: z.string().check(z.regex(/^[\w-]{8,64}$/, "Not a share link id")) }));
export const SHARE_LINK_NOT_FOUND_MESSAGE = "Share link not found";

/** Revokes a share link at once: its next open answers 410. Revoking a revoked link changes nothing. */
export const revokeShare = /* @__PURE__ */ verb(RevokeShareInput, async (actor, input) => {
  assertCanWrite(actor);
  if (!isAdmin(actor)) throw new ForbiddenError();
  const submission = await mustGet(companyOf(actor), input.id);
  const link = (await linksOf(submission)).find((candidate) => shareIdOf(candidate) === input.shareId);
  if (!link) throw new NotFoundError("submission.share_link_not_found", SHARE_LINK_NOT_FOUND_MESSAGE);
  if (!link.revokedAt) {
    const revokedBy = await displayName(actor.userId, actor.username);
    const subject = { type: "submission" as const, id: String(submission.submissionId), name: (await Form.fromId(submission.companyId, submission.formId))?.name ?? "", ownerId: submission.submittedBy };
    await createWriteTransaction({ shares: ShareEntity, activity: ActivityEntity }, ({ shares, activity }) => [
      shares.patch({ tokenHash: link.tokenHash }).set({ revokedAt: new Date().toISOString(), revokedBy }).commit(),
      activity.create(Activity.entry({ companyId: submission.companyId, actor, action: "submission.share_revoked", subject, formId: submission.formId })).commit(),
    ]).go();
  }
  const { data } = await ShareEntity.get({ tokenHash: link.tokenHash }).go();
  return presentShare(data ?? link, await opensOf(link));
});
