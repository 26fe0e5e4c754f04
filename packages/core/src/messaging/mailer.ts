export * as Mailer from "./mailer";
import { sendEmail } from "../aws/ses";
import { isLocal, parameter, ConfigError } from "../util/config";
import * as Outbox from "./outbox";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends through SES v2 in AWS; the local stack keeps the message in the outbox instead. */
export async function send(email: Email): Promise<void> {
  if (isLocal()) {
    await Outbox.store({ channel: "email", ...email });
    return;
  }
  const from = await parameter("MAIL_FROM");
  if (!from) throw new ConfigError("The sender address is not configured: set the MAIL_FROM parameter.");
  await sendEmail({ from, to: [email.to], subject: email.subject, text: email.text, html: email.html });
}
