import { MonthId } from "@fleetforms/core/billing/month";

export { previousMonth } from "@fleetforms/core/billing/month";

/** A billing month is `YYYY-MM` (docs/api-billing.md), by the API's own schema. */
export const isMonth = (value: string | null | undefined): value is string => MonthId.safeParse(value).success;

/** The file names the API gives its downloads (docs/api-billing.md), so a download is named the same either way. */
export const invoiceFileName = (companyId: string, month: string) => `fleetforms-invoice-${companyId}-${month}.pdf`;
export const billingCsvFileName = (month: string) => `fleetforms-billing-${month}.csv`;
