/**
 * The SPEC's English messages of sign-in, registration and recovery (SPEC §5), which the API answers with
 * and the web app translates. No zod here: the sign-in page translates these without downloading the
 * schemas (issue 40, point 8); auth/schemas.ts, user/validation.ts and util/text.ts use them from here.
 */
export const PHONE_INVALID_MESSAGE = "Please enter a valid 10-digit phone number";
export const UNSAFE_TEXT_MESSAGE = "Remove the control or text-direction characters from this field";

export const MESSAGES = {
  loginFailed: "Username or password is incorrect. Please verify and try again.",
  loginThrottled: "Too many sign-in attempts. Please wait a few minutes and try again.",
  resetSent: "If the email exists, a reset link has been sent",
  resetTokenMissing: "Invalid or missing reset token.",
  resetTokenInvalid: "This reset link is invalid or has expired. Please request a new one.",
  missingAuthentication: "Missing authentication information",
  passwordsDoNotMatch: "Passwords do not match",
  phoneInvalid: PHONE_INVALID_MESSAGE,
  smsConsent: "Please provide consent to receive the SMS login link",
  smsSent: "If the number belongs to an account, a sign-in link has been sent by SMS.",
  smsThrottled: "Too many SMS login requests. Please try again later.",
  smsLinkInvalid: "Invalid or expired SMS login link",
  registrationExpired: "This invitation has expired. Please ask your administrator for a new one.",
  registrationInvalid: "This invitation is invalid or has already been used.",
  currentPasswordRequired: "Enter your current password to make this change.",
  currentPasswordWrong: "The current password is incorrect.",
  companyEmailInvalid: "Please enter a valid company email address",
  companyNameEmpty: "Company name cannot be empty",
  websiteInvalid: "Please enter a valid website URL",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  requestsThrottled: "Too many requests. Please try again later.",
  unsafeText: UNSAFE_TEXT_MESSAGE,
} as const;
