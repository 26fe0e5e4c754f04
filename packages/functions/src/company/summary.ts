import * as AdminSummary from "@fleetforms/core/company/summary";
import * as Member from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";

/** What the admin area's landing page counts for the caller's company. */
export const handler = http({}, async ({ actor }) => {
  const caller = signedIn(actor);
  return AdminSummary.of(caller, Member.companyFor(caller));
});
