import { describe, expect, it } from "vitest";
import { BillingMonthEntity } from "@fleetforms/core/billing/billing.entity";
import { monthRange } from "@fleetforms/core/billing/month";
import { CompanyEntity } from "@fleetforms/core/company/company.entity";
import { SubmissionEntity } from "@fleetforms/core/submission/submission.entity";
import { UsageEntity } from "@fleetforms/core/tenant/usage.entity";
import { monthOf } from "@fleetforms/core/tenant/usage";
import { COMPANY_ID } from "../../../packages/local/src/demo-data";

/**
 * Issue 40: the demo's figures agree with what it stores. `/management` showed 518 submissions this month for
 * Acme, which held 11, and a company created today had paid bills for August and September.
 */
describe("the demo data agrees with itself", () => {
  for (const companyId of [COMPANY_ID.acme, COMPANY_ID.beta]) {
    it(`${companyId}: the usage counters count only what the demo stores`, async () => {
      // the counter first: a submission saved meanwhile by another test adds to both, in one transaction
      const { data: usage } = await UsageEntity.get({ companyId, period: monthOf() }).go();
      const stored = (await SubmissionEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["submissionId"] })).data.length;
      expect(usage?.submissions ?? 0).toBeLessThanOrEqual(stored);
      // nothing counted for the months before this one: the demo was seeded today
      const { data: periods } = await UsageEntity.query.byPeriod({ companyId }).go({ pages: "all" });
      expect(periods.map((period) => period.period).filter((period) => period.startsWith("m") && period < monthOf())).toEqual([]);
    });

    it(`${companyId}: the company joined before the first month it was billed`, async () => {
      const { data: company } = await CompanyEntity.get({ companyId }).go();
      const { data: bills } = await BillingMonthEntity.query.byCompany({ companyId }).go({ pages: "all" });
      expect(bills.length).toBeGreaterThanOrEqual(3);
      for (const bill of bills) expect(company!.createdAt! < monthRange(bill.month!).start, `${company!.createdAt} before ${bill.month}`).toBe(true);
    });
  }
});
