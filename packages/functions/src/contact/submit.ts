import type * as z from "@fleetforms/core/util/zod";
import * as Contact from "@fleetforms/core/contact/index";
import { http } from "../lib/http";
import { json } from "../lib/response";

type Body = z.input<typeof Contact.ContactInput>;

/** The public contact form: 202 once the inquiry is kept and sales is e-mailed; the caller's address comes from the request. */
export const handler = http({}, async ({ event, address }) => json({ data: await Contact.submit({ ...(event.body as Body), address }) }, 202));
