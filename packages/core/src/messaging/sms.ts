export * as Sms from "./sms";
import { publish } from "../aws/sns";
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
  await publish({
    phoneNumber: `+${message.to}`,
    message: message.body,
    attributes: { "AWS.SNS.SMS.SMSType": "Transactional", ...(senderId ? { "AWS.SNS.SMS.SenderID": senderId } : {}) },
  });
}
