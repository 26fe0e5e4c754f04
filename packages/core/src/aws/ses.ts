import { send } from "./signer";
import { region, serviceEndpoint } from "../util/config";

export interface SimpleEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

const content = (data: string) => ({ Data: data, Charset: "UTF-8" });

/** SES v2 SendEmail (REST JSON); answers the message id SES assigned. */
export async function sendEmail(email: SimpleEmail): Promise<string | undefined> {
  const { response } = await send({
    service: "ses",
    url: `${serviceEndpoint("sesv2") ?? `https://email.${region()}.amazonaws.com`}/v2/email/outbound-emails`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      FromEmailAddress: email.from,
      Destination: { ToAddresses: email.to },
      Content: {
        Simple: {
          Subject: content(email.subject),
          Body: { Text: content(email.text), ...(email.html ? { Html: content(email.html) } : {}) },
        },
      },
    }),
    errors: "json",
  });
  const { MessageId } = (await response.json()) as { MessageId?: string };
  return MessageId;
}
