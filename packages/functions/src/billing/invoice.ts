import * as z from "zod";
import { Billing } from "@fleetforms/core/billing/index";
import { http, signedIn } from "../lib/http";
import { binary } from "../lib/response";

/** The month's invoice PDF, in the company's language. */
export const handler = http({ params: z.object({ month: Billing.MonthId }) }, async ({ actor, params }) => {
  const pdf = await Billing.invoice(signedIn(actor), params.month);
  return binary(pdf.body, "application/pdf", pdf.fileName);
});
