export * as Mailer from "./mailer";
import { isLocal, parameter, ConfigError } from "../util/config";
import * as Outbox from "./outbox";
import { count } from "../tenant/usage";

export interface Email {
  to: string;
  /** any text: `send` makes it one line (see `subjectLine`) */
  subject: string;
  text: string;
  html?: string;
  /** the tenant the message is sent for: counted in its usage (issue 13) */
  companyId?: string;
}

/** The longest subject sent; a longer one is cut with an ellipsis. */
export const SUBJECT_MAX = 200;

// the marks that reorder or hide text (as util/text.ts refuses them in names) and the line and paragraph separators
const MARKS = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff, 0x2028, 0x2029]);
/** C0 and C1 controls (CR and LF among them) and the marks above. */
const unsafe = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f) || MARKS.has(code);

/**
 * A subject as one line of text (issue 36): a subject is built from names people typed (a contact form's
 * name and company, a report's name), and a line break in it would start a header of the attacker's in a
 * mail system that writes the subject into the message as it is. Every control character becomes a space,
 * runs of spaces one, and it is cut at SUBJECT_MAX characters.
 */
export function subjectLine(subject: string): string {
  const line = [...subject]
    .map((char) => (unsafe(char.codePointAt(0)!) ? " " : char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...line];
  return chars.length > SUBJECT_MAX ? `${chars.slice(0, SUBJECT_MAX - 1).join("").trimEnd()}…` : line;
}

/** Sends through SES v2 in AWS; the local stack keeps the message in the outbox instead. Every mail passes here. */
export async function send({ companyId, subject: written, ...email }: Email): Promise<void> {
  const subject = subjectLine(written);
  if (isLocal()) {
    await Outbox.store({ channel: "email", ...email, subject });
  } else {
    const from = await parameter("MAIL_FROM");
    if (!from) throw new ConfigError("The sender address is not configured: set the MAIL_FROM parameter.");
    const { ses, SendEmailCommand } = await import("../aws/ses-client");
    const content = (data: string) => ({ Data: data, Charset: "UTF-8" });
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [email.to] },
        Content: { Simple: { Subject: content(subject), Body: { Text: content(email.text), ...(email.html ? { Html: content(email.html) } : {}) } } },
      }),
    );
  }
  if (companyId) await count(companyId, { emails: 1 });
}
