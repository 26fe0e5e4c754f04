export * as Mailer from "./mailer";
import { isLocal, parameter, ConfigError } from "../util/config";
import * as Outbox from "./outbox";
import { count } from "../tenant/usage";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the tenant the message is sent for: counted in its usage (issue 13) */
  companyId?: string;
}

/** Sends through SES v2 in AWS; the local stack keeps the message in the outbox instead. */
export async function send({ companyId, ...email }: Email): Promise<void> {
  if (isLocal()) {
    await Outbox.store({ channel: "email", ...email });
  } else {
    const from = await parameter("MAIL_FROM");
    if (!from) throw new ConfigError("The sender address is not configured: set the MAIL_FROM parameter.");
    const { ses, SendEmailCommand } = await import("../aws/ses-client");
    const content = (data: string) => ({ Data: data, Charset: "UTF-8" });
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [email.to] },
        Content: { Simple: { Subject: content(email.subject), Body: { Text: content(email.text), ...(email.html ? { Html: content(email.html) } : {}) } } },
      }),
    );
  }
  if (companyId) await count(companyId, { emails: 1 });
}
