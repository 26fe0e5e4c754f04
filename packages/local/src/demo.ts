import * as Company from "@fleetforms/core/company/index";
import * as User from "@fleetforms/core/user/index";
import * as Account from "@fleetforms/core/user/account";
import { COMPANY_ID, DEMO_COMPANIES, DEMO_USERS } from "./demo-data";
import { seedForms } from "./demo-forms";
import { seedCompanySettings } from "./demo-companies";
import { seedDocuments } from "./demo-documents";
import { seedDashboards } from "./demo-dashboards";
import { seedBilling } from "./demo-billing";
import { seedReports } from "./demo-reports";
import * as Tenant from "@fleetforms/core/tenant/index";
import { type Metric } from "@fleetforms/core/tenant/index";
import { UsageEntity } from "@fleetforms/core/tenant/usage.entity";

/** Seeds the demo data; running it again changes nothing that exists. */
export async function seedDemo(password: string) {
  for (const company of DEMO_COMPANIES) {
    if (!(await Company.fromId(company.companyId))) await Company.create(company);
  }
  for (const demo of DEMO_USERS) {
    const userId = `demo-${demo.username.replace(/_/g, "-")}`;
    if (!(await User.fromId(userId))) {
      await Account.create({
        userId,
        username: demo.username,
        email: `${demo.username.replace(/_/g, ".")}@fleetforms.example`,
        password,
        firstName: demo.firstName,
        lastName: demo.lastName,
        lang: demo.lang,
        phone: demo.phone,
        providerAdmin: demo.providerAdmin ?? false,
        isBillable: !demo.providerAdmin,
      });
    }
    for (const [key, role] of demo.seats) {
      if (!(await Company.seat(COMPANY_ID[key], userId))) await Company.addSeat({ companyId: COMPANY_ID[key], userId, role });
    }
  }
  await seedCompanySettings();
  await seedForms();
  await seedDocuments();
  await seedDashboards();
  await seedBilling();
  await seedReports();
  await seedUsage();
}

/**
 * Usage for the demo companies (issue 13), so `/management` has something to show: last month's and this
 * month's figures so far, as the counters would have kept them. Written once (when last month has none).
 */
async function seedUsage(now = new Date()) {
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const figures: Record<string, [Partial<Record<Metric, number>>, Partial<Record<Metric, number>>]> = {
    [COMPANY_ID.acme]: [
      { requests: 48_210, submissions: 1_184, pdfRenders: 312, reportRuns: 30, emails: 96, sms: 41 },
      { requests: 21_577, submissions: 508, pdfRenders: 133, reportRuns: 12, emails: 38, sms: 17 },
    ],
    [COMPANY_ID.beta]: [
      { requests: 9_840, submissions: 221, pdfRenders: 57, reportRuns: 4, emails: 12, sms: 3 },
      { requests: 4_102, submissions: 96, pdfRenders: 25, reportRuns: 2, emails: 5, sms: 1 },
    ],
  };
  for (const [companyId, [lastMonth, thisMonth]] of Object.entries(figures)) {
    if ((await UsageEntity.get({ companyId, period: Tenant.monthOf(last) }).go()).data) continue;
    await UsageEntity.put({ companyId, period: Tenant.monthOf(last), ...lastMonth }).go();
    await Tenant.count(companyId, thisMonth, now);
  }
}
