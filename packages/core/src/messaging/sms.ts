export * as Sms from "./sms";
import { isLocal, parameter } from "../util/config";
import * as Outbox from "./outbox";

export interface TextMessage {
  /** eleven digits with the leading 1 (SPEC §5) */
  to: string;
  body: string;
}

/** Sends through SNS (transactional) in AWS; the local stack keeps the message in the outbox instead. */
export async function send(message: TextMessage): Promise<void> {
  if (isLocal()) {
    await Outbox.store({ channel: "sms", to: message.to, text: message.body });
    return;
  }
  const senderId = await parameter("SMS_SENDER_ID");
  const { sns, PublishCommand } = await import("../aws/sns-client");
  const attribute = (value: string) => ({ DataType: "String", StringValue: value });
  await sns().send(
    new PublishCommand({
      PhoneNumber: `+${message.to}`,
      Message: message.body,
      MessageAttributes: { "AWS.SNS.SMS.SMSType": attribute("Transactional"), ...(senderId ? { "AWS.SNS.SMS.SenderID": attribute(senderId) } : {}) },
    }),
  );
}
