import * as z from "../util/zod";
import { CONTACT_MESSAGES } from "./messages";

export { CONTACT_LIMITS, CONTACT_MESSAGES } from "./messages";

/*
 * The product's own contact form (issue 19; docs/api-contact.md): what `POST /contact` accepts and the
 * messages it answers with. No server code here, so the web validates with the same rules (STYLE rule 2).
 */



export const ContactInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  name: z.string({ error: CONTACT_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, CONTACT_MESSAGES.nameRequired), z.maxLength(100)),
  email: z.string({ error: CONTACT_MESSAGES.email }).check(z.trim(), z.toLowerCase(), z.email(CONTACT_MESSAGES.email), z.maxLength(254)),
  company: z._default(z.string().check(z.trim(), z.maxLength(200)), ""),
  phone: z._default(z.string().check(z.trim(), z.maxLength(40)), ""),
  message: z.string({ error: CONTACT_MESSAGES.messageRequired }).check(
    z.trim(),
    z.minLength(1, CONTACT_MESSAGES.messageRequired),
    z.maxLength(5000, CONTACT_MESSAGES.messageTooLong),
  ),
  lang: z._default(z.enum(["en", "es"]), "en"),
  /** the honeypot: hidden from people, filled by bots; a message that fills it is dropped without a word */
  website: z._default(z.string().check(z.maxLength(500)), ""),
}));
export type ContactInput = z.output<typeof ContactInput>;
