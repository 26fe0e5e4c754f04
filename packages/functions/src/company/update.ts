import * as z from "@fleetforms/core/util/zod";
import * as Companies from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** Edits a company's details against the version read (provider admins any company, an orgadmin their own). */
export const handler = http({ params: z.object({ id: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
) }), body: Companies.CompanyEdit }, async ({ actor, params, body }) => ({
  company: await Companies.edit(signedIn(actor), params.id, body),
}));
