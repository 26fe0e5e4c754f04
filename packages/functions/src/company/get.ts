import * as z from "@fleetforms/core/util/zod";
import * as Company from "@fleetforms/core/company/index";
import { http, signedIn } from "../lib/http";

/** One company the caller holds a seat in (provider admins: any), also before one is selected. */
export const handler = http({ params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }) }, async ({ actor, params }) => {
  const company = await Company.visibleTo(signedIn(actor), params.id);
  // the status too, so a screen can say a company is suspended (docs/api-companies.md)
  return { company: { ...Company.present(company), status: company.status ?? "active" } };
});
