/** The contact form's messages and limit, without zod: the public site's bundle imports them. */

export const CONTACT_MESSAGES = {
  nameRequired: "Enter your name",
  email: "Enter a valid e-mail address",
  messageRequired: "Write a message",
  messageTooLong: "Keep the message under 5,000 characters",
  throttled: "Too many messages from your address. Try again later.",
} as const;

/** Messages one client address may send an hour. */
export const CONTACT_LIMITS = { perAddress: 5, windowSeconds: 3600 };
