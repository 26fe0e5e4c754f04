import * as z from "@fleetforms/core/util/zod";
import * as Billing from "@fleetforms/core/billing/index";
import { invoicePdf } from "@fleetforms/core/billing/invoice";
import { http, signedIn } from "../lib/http";
import { binary } from "../lib/response";

/** The month's invoice PDF, in the company's language. */
export const handler = http({ params: z.object({ month: Billing.MonthId }) }, async ({ actor, params }) => {
  const invoice = await Billing.forInvoice(signedIn(actor), params.month);
  return binary(await invoicePdf(invoice.month, invoice.lines), "application/pdf", invoice.fileName);
});
