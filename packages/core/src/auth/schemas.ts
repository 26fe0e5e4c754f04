/**
 * The sign-in, registration and recovery rules of SPEC §5, as zod schemas the
 * API and the web forms share (STYLE rule 2). Pure: no Node, no AWS, so the
 * web bundle can import this file. Messages are the SPEC's English text; the
 * web app translates them.
 */
import * as z from "../util/zod";
import { CreatorTimeZone } from "../company/schemas";
import { Email, OptionalPhone, Password, PhoneNumber, Username } from "../user/validation";
import { MESSAGES } from "./messages";

export { OptionalPhone, PhoneNumber } from "../user/validation";
import { Lang } from "../user/roles";
import { safeText } from "../util/text";

export { MESSAGES };

/** A website: the scheme may be left out ("acme.com"); the result is an http(s) URL with a dotted host. */
export const Website = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.string().check(z.trim(), z.maxLength(300)), z.transform((value, ctx) => {
    if (!value) return "";
    const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
    try {
      const url = new URL(withScheme);
      if (url.hostname.includes(".") && !/\s/.test(value)) return url.toString();
    } catch {
      // fall through to the SPEC message
    }
    z.addIssue(ctx, { code: "custom", message: MESSAGES.websiteInvalid });
    return z.NEVER;
  })));

const FirstName = /* @__PURE__ */ z.lazySchema(() => safeText(z.string({ error: MESSAGES.firstNameRequired }).check(
  z.trim(),
  z.minLength(1, MESSAGES.firstNameRequired),
  z.maxLength(100),
)));
const LastName = /* @__PURE__ */ z.lazySchema(() => safeText(z.string({ error: MESSAGES.lastNameRequired }).check(
  z.trim(),
  z.minLength(1, MESSAGES.lastNameRequired),
  z.maxLength(100),
)));
const Text = (max: number) => z._default(safeText(z.string().check(z.trim(), z.maxLength(max))), "");

/** SPEC §3 "Registration payload (user and company)". */
export const RegistrationPayload = /* @__PURE__ */ z.lazySchema(() => z.object({
  email: Email,
  password: Password,
  firstName: FirstName,
  lastName: LastName,
  phone: OptionalPhone,
  username: Username,
  lang: z._default(Lang, "en"),
  companyName: safeText(z.string({ error: MESSAGES.companyNameEmpty }).check(z.trim(), z.minLength(1, MESSAGES.companyNameEmpty), z.maxLength(200))),
  companyUrl: z._default(Website, ""),
  companyPhone: OptionalPhone,
  companyStreet: Text(200),
  companyCity: Text(100),
  companyState: Text(100),
  companyZip: Text(20),
  companyEmail: z.string({ error: MESSAGES.companyEmailInvalid }).check(z.trim(), z.toLowerCase(), z.email(MESSAGES.companyEmailInvalid)),
  /** not in SPEC §3's payload (docs/decisions.md): the registering browser's time zone, the company's default; UTC when missing or unknown */
  timeZone: CreatorTimeZone,
}));
export type RegistrationPayload = z.output<typeof RegistrationPayload>;

/** The person's part of `POST /auth/register`. */
export const RegisteringUser = /* @__PURE__ */ z.lazySchema(() => z.object({
  username: Username,
  firstName: FirstName,
  lastName: LastName,
  phone: OptionalPhone,
  lang: z._default(Lang, "en"),
  email: z.optional(z.string()),
  password: z.optional(z.string()),
}));

/**
 * `POST /auth/register {user, registration_token | email + password}` (SPEC §7):
 * an invited user completes sign-up with the token, anyone else with e-mail
 * and password; neither is 'Missing authentication information' (SPEC §5).
 */
export const RegisterInput = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.object({
    user: RegisteringUser,
    registration_token: z.optional(z.string().check(z.trim(), z.maxLength(4000))),
    email: z.optional(z.string()),
    password: z.optional(z.string()),
  }), z.transform((input, ctx) => {
    const email = input.email ?? input.user.email;
    const password = input.password ?? input.user.password;
    const token = input.registration_token || undefined;
    if (!token && (!email || !password)) {
      z.addIssue(ctx, { code: "custom", message: MESSAGES.missingAuthentication, path: [] });
      return z.NEVER;
    }
    const checkedPassword = Password.safeParse(password);
    if (!checkedPassword.success) {
      for (const issue of checkedPassword.error.issues) z.addIssue(ctx, { code: "custom", message: issue.message, path: ["password"] });
      return z.NEVER;
    }
    let checkedEmail: string | undefined;
    if (!token) {
      const parsed = Email.safeParse(email);
      if (!parsed.success) {
        z.addIssue(ctx, { code: "custom", message: parsed.error.issues[0]!.message, path: ["email"] });
        return z.NEVER;
      }
      checkedEmail = parsed.data;
    }
    const { email: _email, password: _password, ...user } = input.user;
    return { user, registrationToken: token, email: checkedEmail, password: checkedPassword.data };
  })));
export type RegisterInput = z.output<typeof RegisterInput>;

export const SendResetInput = /* @__PURE__ */ z.lazySchema(() => z.object({ email: z.string({ error: "Please enter a valid email address" }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, "Please enter a valid email address"),
  z.maxLength(254),
) }));

export const ResetPasswordInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  reset_token: z.string({ error: MESSAGES.resetTokenMissing }).check(z.trim(), z.minLength(1, MESSAGES.resetTokenMissing), z.maxLength(200)),
  password: Password,
}));

/** `PUT /auth/resetPassword`: the signed-in user's new password, and the current one (DESIGN §5). */
export const ChangePasswordInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  password: Password,
  /** not needed within `FRESH_SIGN_IN_SECONDS` of signing in (the SPEC's body is `{password}` alone) */
  currentPassword: z.optional(z.string().check(z.maxLength(1024))),
}));

export const SmsLoginRequest = /* @__PURE__ */ z.lazySchema(() => z.object({
  phoneNumber: PhoneNumber,
  consent: z.literal(true, { error: MESSAGES.smsConsent }),
}));

export const SmsLoginVerify = /* @__PURE__ */ z.lazySchema(() => z.object({
  token: z.string({ error: MESSAGES.smsLinkInvalid }).check(z.trim(), z.minLength(1, MESSAGES.smsLinkInvalid), z.maxLength(200)),
}));
