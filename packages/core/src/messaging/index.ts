/** The one way the product sends e-mail and SMS (DESIGN §2): SES v2 / SNS in AWS, the outbox locally. */
export { Mailer } from "./mailer";
export { Sms } from "./sms";
export { Outbox } from "./outbox";
