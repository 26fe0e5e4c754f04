import { SESv2Client } from "@aws-sdk/client-sesv2";
import { awsClientOptions } from "./client-options";
import { serviceEndpoint } from "../util/config";

/* SES v2's client, one per container; loaded with import() by the mailer when it first sends. */
export { SendEmailCommand } from "@aws-sdk/client-sesv2";

let client: SESv2Client | undefined;
export const ses = () => (client ??= new SESv2Client(awsClientOptions(serviceEndpoint("sesv2"))));
