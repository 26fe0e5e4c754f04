import { send } from "./signer";
import { region, serviceEndpoint } from "../util/config";

export interface TextMessage {
  /** E.164, with the + */
  phoneNumber: string;
  message: string;
  /** String message attributes, such as AWS.SNS.SMS.SMSType */
  attributes?: Record<string, string>;
}

/** SNS Publish to a phone number (query protocol); answers the message id. */
export async function publish(text: TextMessage): Promise<string | undefined> {
  const form = new URLSearchParams({ Action: "Publish", Version: "2010-03-31", PhoneNumber: text.phoneNumber, Message: text.message });
  Object.entries(text.attributes ?? {}).forEach(([name, value], i) => {
    const entry = `MessageAttributes.entry.${i + 1}`;
    form.set(`${entry}.Name`, name);
    form.set(`${entry}.Value.DataType`, "String");
    form.set(`${entry}.Value.StringValue`, value);
  });
  const { response } = await send({
    service: "sns",
    url: serviceEndpoint("sns") ?? `https://sns.${region()}.amazonaws.com/`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    body: form.toString(),
    errors: "xml",
  });
  return /<MessageId>([^<]+)<\/MessageId>/.exec(await response.text())?.[1];
}
