import * as z from "zod";
import { CONTACT_MESSAGES } from "./messages";

export { CONTACT_LIMITS, CONTACT_MESSAGES } from "./messages";

/*
 * The product's own contact form (issue 19; docs/api-contact.md): what `POST /contact` accepts and the
 * messages it answers with. No server code here, so the web validates with the same rules (STYLE rule 2).
 */



export const ContactInput = z.object({
  name: z.string({ error: CONTACT_MESSAGES.nameRequired }).trim().min(1, CONTACT_MESSAGES.nameRequired).max(100),
  email: z.string({ error: CONTACT_MESSAGES.email }).trim().toLowerCase().email(CONTACT_MESSAGES.email).max(254),
  company: z.string().trim().max(200).default(""),
  phone: z.string().trim().max(40).default(""),
  message: z.string({ error: CONTACT_MESSAGES.messageRequired }).trim().min(1, CONTACT_MESSAGES.messageRequired).max(5000, CONTACT_MESSAGES.messageTooLong),
  lang: z.enum(["en", "es"]).default("en"),
  /** the honeypot: hidden from people, filled by bots; a message that fills it is dropped without a word */
  website: z.string().max(500).default(""),
});
export type ContactInput = z.output<typeof ContactInput>;
