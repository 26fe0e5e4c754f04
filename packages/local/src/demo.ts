import { Company } from "@fleetforms/core/company/index";
import { User } from "@fleetforms/core/user/index";
import { Account } from "@fleetforms/core/user/account";
import { COMPANY_ID, DEMO_COMPANIES, DEMO_USERS } from "./demo-data";
import { seedForms } from "./demo-forms";

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
  await seedForms();
}
