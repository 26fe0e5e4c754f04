import * as z from "@fleetforms/core/util/zod";
import * as Billing from "@fleetforms/core/billing/index";
import { http, signedIn } from "../lib/http";

/** A month paid another way (a bank transfer), with a note. */
export const handler = http({ params: z.object({ companyId: z.string().check(z.maxLength(100)), month: Billing.MonthId }), body: Billing.MarkPaidInput }, async ({ actor, params, body }) => ({
  data: await Billing.markPaid(signedIn(actor), params.companyId, params.month, body),
}));
