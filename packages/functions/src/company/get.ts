import { z } from "zod";
import { Auth } from "@fleetforms/core/auth/index";
import { Company } from "@fleetforms/core/company/index";
import { http, signedIn } from "../lib/http";

export const handler = http({ params: z.object({ id: z.string().min(1).max(100) }) }, async ({ actor, params }) => {
  Auth.assertSameCompany(signedIn(actor), params.id);
  return { company: Company.present(await Company.mustGet(params.id)) };
});
