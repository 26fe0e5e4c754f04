import { BillingLineEntity, BillingMonthEntity } from "@fleetforms/core/billing/billing.entity";
import { countFor, monthItem } from "@fleetforms/core/billing/run";
import { addMonths, monthOf, monthRange } from "@fleetforms/core/billing/month";
import { CompanyEntity } from "@fleetforms/core/company/company.entity";
import { COMPANY_ID } from "./demo-data";

/**
 * The demo's bills (issue 17): the three months before this one for each demo company, the older two paid
 * through Stripe, the last one unpaid. The companies joined before the first of them (demo.ts's
 * `demoCompaniesCreatedAt`), but the demo fleet was made today, so the monthly run would find nothing in earlier
 * months: each month counts who and what the company has now. Written once.
 */
export async function seedBilling(now = new Date()) {
  const latest = addMonths(monthOf(now), -1);
  for (const companyId of [COMPANY_ID.acme, COMPANY_ID.beta]) {
    if ((await BillingMonthEntity.query.byCompany({ companyId }).go({ limit: 1 })).data.length > 0) continue;
    const { data: company } = await CompanyEntity.get({ companyId }).go();
    if (!company) continue;
    const { lines, lang } = await countFor(companyId, monthOf(now));
    for (const offset of [-2, -1, 0]) {
      const month = addMonths(latest, offset);
      const paid = offset < 0;
      const issued = monthRange(month).end;
      await BillingLineEntity.put(lines.map((line) => ({ companyId, month, ...line }))).go();
      await BillingMonthEntity.create({
        ...monthItem(company, month, lines, lang),
        // the older two paid through Stripe on the 3rd of the month after
        ...(paid ? { paymentStatus: "paid" as const, paidAt: new Date(Date.parse(issued) + 2 * 24 * 3600 * 1000 + 10 * 3600 * 1000).toISOString(), paidBy: "stripe" } : {}),
        createdAt: new Date(Date.parse(issued) + 5 * 60 * 1000).toISOString(),
      }).go();
    }
  }
}
