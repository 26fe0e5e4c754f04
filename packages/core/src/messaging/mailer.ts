export * as Mailer from "./mailer";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { isLocal, parameter, region, ConfigError } from "../util/config";
import * as Outbox from "./outbox";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let ses: SESv2Client | undefined;

/** Sends through SES v2 in AWS; the local stack keeps the message in the outbox instead. */
export async function send(email: Email): Promise<void> {
  if (isLocal()) {
    await Outbox.store({ channel: "email", ...email });
    return;
  }
  const from = await parameter("MAIL_FROM");
  if (!from) throw new ConfigError("The sender address is not configured: set the MAIL_FROM parameter.");
  ses ??= new SESv2Client({ region: region() });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: "UTF-8" },
          Body: { Text: { Data: email.text, Charset: "UTF-8" }, ...(email.html ? { Html: { Data: email.html, Charset: "UTF-8" } } : {}) },
        },
      },
    }),
  );
}
