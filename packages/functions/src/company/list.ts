import * as Auth from "@fleetforms/core/auth/index";
import * as Company from "@fleetforms/core/company/index";
import * as User from "@fleetforms/core/user/index";
import { http, signedIn } from "../lib/http";

/** The caller's companies, each with the role held there. */
export const handler = http({}, async ({ actor }) => {
  const user = await User.mustGet(signedIn(actor).userId);
  const seats = await Auth.companiesOf(user);
  const companies = await Promise.all(seats.map((seat) => Company.fromId(seat.companyId)));
  return {
    companies: seats.flatMap((seat, i) => {
      const company = companies[i];
      return company ? [{ ...Company.present(company), role: seat.role }] : [];
    }),
  };
});
