export * as Sms from "./sms";
import { SNSClient, PublishCommand } from "@aws-sdk/client-sns";
import { isLocal, parameter, region } from "../util/config";
import * as Outbox from "./outbox";

export interface TextMessage {
  /** eleven digits with the leading 1 (SPEC §5) */
  to: string;
  body: string;
}

let sns: SNSClient | undefined;

/** Sends through SNS (transactional) in AWS; the local stack keeps the message in the outbox instead. */
export async function send(message: TextMessage): Promise<void> {
  if (isLocal()) {
    await Outbox.store({ channel: "sms", to: message.to, text: message.body });
    return;
  }
  const senderId = await parameter("SMS_SENDER_ID");
  sns ??= new SNSClient({ region: region() });
  await sns.send(
    new PublishCommand({
      PhoneNumber: `+${message.to}`,
      Message: message.body,
      MessageAttributes: {
        "AWS.SNS.SMS.SMSType": { DataType: "String", StringValue: "Transactional" },
        ...(senderId ? { "AWS.SNS.SMS.SenderID": { DataType: "String", StringValue: senderId } } : {}),
      },
    }),
  );
}
