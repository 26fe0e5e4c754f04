export * as Contact from "./index";
import { randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { fn } from "../util/fn";
import { parameter } from "../util/config";
import * as Mailer from "../messaging/mailer";
import * as Throttle from "../auth/throttle";
import { InquiryEntity } from "./contact.entity";
import { CONTACT_LIMITS, CONTACT_MESSAGES, ContactInput } from "./schemas";

export * from "./schemas";

/** Where inquiries go when the SALES_EMAIL parameter is not set. */
export const DEFAULT_SALES_EMAIL = "sales@fleetforms.example";

/**
 * `POST /contact`: a prospect's message, counted against the caller's address (429 past the limit), kept,
 * and e-mailed to sales with a reply-to of the sender. A filled honeypot is answered like any message and
 * dropped, so a bot learns nothing.
 */
export const submit = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.extend(ContactInput, { address: z._default(z.string(), "unknown") })), async ({ address, website, ...input }) => {
  await Throttle.reserve([{ key: `contact:address:${Throttle.clientKey(address)}`, max: CONTACT_LIMITS.perAddress, windowSeconds: CONTACT_LIMITS.windowSeconds }], {
    code: "contact.throttled",
    message: CONTACT_MESSAGES.throttled,
  });
  if (website.trim() !== "") return { status: "received" as const };
  const inquiryId = randomUUID();
  await InquiryEntity.create({ inquiryId, ...input }).go();
  const to = (await parameter("SALES_EMAIL")) || DEFAULT_SALES_EMAIL;
  await Mailer.send({
    to,
    subject: `Inquiry from ${input.name}${input.company ? ` (${input.company})` : ""}`,
    text: `${[
      `Name: ${input.name}`,
      `E-mail: ${input.email}`,
      input.company ? `Company: ${input.company}` : "",
      input.phone ? `Phone: ${input.phone}` : "",
      `Language: ${input.lang}`,
      `Inquiry: ${inquiryId}`,
    ]
      .filter(Boolean)
      .join("\n")}\n\n${input.message}\n`,
  });
  return { status: "received" as const };
});
