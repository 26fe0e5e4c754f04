import { Member } from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";

/** A page of the caller's company's users, searched, filtered and sorted by any column (docs/api-admin.md). */
export const handler = http({ query: Member.ListQuery }, async ({ actor, query }) => {
  const caller = signedIn(actor);
  return Member.list(Member.companyFor(caller), query);
});
