import * as z from "@fleetforms/core/util/zod";
import * as CompanyExport from "@fleetforms/core/company/export";
import { http, signedIn } from "../lib/http";

/** Everything a tenant owns as a ZIP, handed out as a five-minute link (provider administrators). */
export const handler = http({ params: z.object({ id: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
) }) }, async ({ actor, params }) => CompanyExport.run(signedIn(actor), params.id));
