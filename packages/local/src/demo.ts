import * as Company from "@fleetforms/core/company/index";
import { addMonths, monthOf, monthRange } from "@fleetforms/core/billing/month";
import * as User from "@fleetforms/core/user/index";
import * as Account from "@fleetforms/core/user/account";
import { COMPANY_ID, DEMO_COMPANIES, DEMO_USERS } from "./demo-data";
import { seedForms } from "./demo-forms";
import { seedDefects } from "./demo-defects";
import { seedCompanySettings } from "./demo-companies";
import { seedDocuments } from "./demo-documents";
import { seedDashboards } from "./demo-dashboards";
import { seedBilling } from "./demo-billing";
import { seedReports } from "./demo-reports";
import { seedApiKeys } from "./demo-api-keys";
import { seedWebhooks } from "./demo-webhooks";

/**
 * When the demo companies joined: the 12th of the fourth month before this one, so the three months the demo
 * has bills for (packages/local/src/demo-billing.ts) all come after it (issue 40: a company "created today"
 * had paid invoices for months before).
 */
export const demoCompaniesCreatedAt = (now = new Date()) => new Date(Date.parse(monthRange(addMonths(monthOf(now), -4)).start) + (11 * 24 + 15) * 3600 * 1000).toISOString();

/**
 * Seeds the demo data; running it again changes nothing that exists. Its usage counters are the ones the
 * seeding itself moves (the demo's submissions, PDFs, report run, e-mails): nothing is invented (issue 40:
 * `/management` showed 518 submissions this month for a company that held 11).
 */
export async function seedDemo(password: string) {
  for (const company of DEMO_COMPANIES) {
    if (!(await Company.fromId(company.companyId))) await Company.create({ ...company, createdAt: demoCompaniesCreatedAt() });
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
  await seedDefects();
  await seedDocuments();
  await seedDashboards();
  await seedBilling();
  await seedReports();
  await seedApiKeys();
  await seedWebhooks();
}
