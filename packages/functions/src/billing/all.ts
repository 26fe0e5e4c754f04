import * as Billing from "@fleetforms/core/billing/index";
import { http, signedIn } from "../lib/http";
import { binary } from "../lib/response";

/** Every company's bill of one month, with totals; `format=csv` as a file. */
export const handler = http({ query: Billing.AllQuery }, async ({ actor, query }) => {
  if (query.format === "csv") {
    const csv = await Billing.allForMonthCsv(signedIn(actor), query.month);
    return binary(Buffer.from(csv.body, "utf8"), "text/csv; charset=utf-8", csv.fileName);
  }
  return { data: await Billing.allForMonth(signedIn(actor), query.month) };
});
