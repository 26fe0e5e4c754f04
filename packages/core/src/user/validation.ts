import * as z from "../util/zod";
import { COMMON_PASSWORDS } from "./common-passwords";
import { safeText } from "../util/text";
import { PHONE_INVALID_MESSAGE } from "../auth/messages";

/** SPEC §5: starts with a letter, 5-20 characters, letters, numbers and underscores; sent lower-cased. */
export const USERNAME_PATTERN = /^[a-z][a-z0-9_]{4,19}$/;
export const Username = /* @__PURE__ */ z.lazySchema(() => safeText(
  z.string({ error: "Username is required" }).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, "Username is required"),
    z.regex(USERNAME_PATTERN, "Username must start with a letter and be 5-20 letters, numbers or underscores"),
  ),
));

export const Email = /* @__PURE__ */ z.lazySchema(() => z.string({ error: "Please enter a valid email address" }).check(
  z.trim(),
  z.toLowerCase(),
  // RFC 5321's longest address; an e-mail is also a key of the unique claims (DynamoDB keys stop at 1 KB)
  z.maxLength(254, "Please enter a valid email address"),
  z.email("Please enter a valid email address"),
));

/** DESIGN §5 / NIST 800-63B: at least 8, long ones accepted, common ones refused, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const Password = /* @__PURE__ */ z.lazySchema(() => z.string({ error: "Password is required" }).check(
  z.minLength(1, "Password is required"),
  z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  z.refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), "This password is too common. Choose another."),
));

/**
 * SPEC §5: digits only; ten digits get a leading 1; the result must be eleven
 * digits starting with 1, otherwise null.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (!input) return null;
  const digits = input.replace(/\D/g, "");
  const withCountry = digits.length === 10 ? `1${digits}` : digits;
  return withCountry.length === 11 && withCountry.startsWith("1") ? withCountry : null;
}

export { PHONE_INVALID_MESSAGE };

/** SPEC §5: a 10-digit number entered, stored as 11 digits with the leading 1. */
export const PhoneNumber = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.string({ error: PHONE_INVALID_MESSAGE }), z.transform((value, ctx) => {
  const phone = normalizePhone(value);
  if (!phone) {
    z.addIssue(ctx, { code: "custom", message: PHONE_INVALID_MESSAGE });
    return z.NEVER;
  }
  return phone;
})));

/** An optional phone: empty means none; anything else must be a valid number. */
export const OptionalPhone = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(40))), z.transform((value, ctx) => {
    if (!value) return undefined;
    const phone = normalizePhone(value);
    if (!phone) {
      z.addIssue(ctx, { code: "custom", message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return phone;
  })));

export const USER_ID_REQUIRED_MESSAGE = "userId is required";

/**
 * `POST /user/editUserProfile` (SPEC §5): names trimmed, e-mail lower-cased,
 * userId required. `version`, when sent, is the one the editor loaded (DESIGN §3); a
 * changed e-mail or phone needs the current password (DESIGN §5). An empty
 * phone removes it.
 */
export const ProfileEdit = /* @__PURE__ */ z.lazySchema(() => z.object({
  userId: z.string({ error: USER_ID_REQUIRED_MESSAGE }).check(z.trim(), z.minLength(1, USER_ID_REQUIRED_MESSAGE), z.maxLength(100)),
  firstName: z.optional(safeText(z.string().check(z.trim(), z.maxLength(100)))),
  lastName: z.optional(safeText(z.string().check(z.trim(), z.maxLength(100)))),
  email: z.optional(Email),
  phone: z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(40))), z.transform((value, ctx) => {
    if (value === undefined || value === "") return value;
    const phone = normalizePhone(value);
    if (!phone) {
      z.addIssue(ctx, { code: "custom", message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return phone;
  })),
  hasMobileNotify: z.optional(z.boolean()),
  hasEmailNotify: z.optional(z.boolean()),
  lang: z.optional(z.enum(["en", "es"])),
  /** the version the editor read; without it the edit is last-write-wins (docs/api-admin.md) */
  version: z.optional(z.number().check(z.int(), z.gte(1))),
  currentPassword: z.optional(z.string().check(z.maxLength(1024))),
}));
export type ProfileEdit = z.output<typeof ProfileEdit>;
