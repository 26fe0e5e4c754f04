/**
 * The invitation rules as zod schemas and messages the API and the web app
 * share (STYLE rule 2). Pure: no Node, no AWS, so the web bundle can import it.
 */
import * as z from "../util/zod";
import { Email } from "../user/validation";
import { Lang } from "../user/roles";

/** Roles an invitation may grant: never `admin` (a provider administrator is not a seat) nor `inactive`. */
export const INVITABLE_ROLES = ["user", "viewer", "orgadmin"] as const;
export const InvitableRole = /* @__PURE__ */ z.lazySchema(() => z.enum(INVITABLE_ROLES));

/** `POST /user/invite`: who to invite into the caller's company, with which role, and the e-mail's language. */
export const InviteInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  email: Email,
  role: z._default(InvitableRole, "user"),
  /** the e-mail's language; the inviter's own when left out */
  lang: z.optional(Lang),
}));

export const InvitationId = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(100)));
/** The link's token: 32 random bytes, base64url (43 characters). Anything else is not looked up. */
export const InvitationToken = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.regex(/^[\w-]{20,100}$/)));

export const INVITATION_MESSAGES = {
  notFound: "This invitation is invalid or has already been used.",
  expired: "This invitation has expired. Please ask your administrator for a new one.",
  revoked: "This invitation was withdrawn. Please ask your administrator for a new one.",
  accepted: "This invitation has already been accepted.",
  wrongAccount: "This invitation was sent to another e-mail address. Sign in with the invited account to accept it.",
  alreadyMember: "You already belong to this company.",
} as const;
