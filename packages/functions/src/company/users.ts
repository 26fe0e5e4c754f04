import * as z from "@fleetforms/core/util/zod";
import * as Member from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";

/** `GET /company/{id}/users` and its SPEC fallback `GET /company/admin/users/{id}`: one company's users. */
export const handler = http({ params: z.object({ id: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
) }), query: Member.ListQuery }, async ({ actor, params, query }) =>
  Member.list(Member.companyFor(signedIn(actor), params.id), query),
);
