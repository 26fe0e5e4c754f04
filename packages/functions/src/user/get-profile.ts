import * as z from "@fleetforms/core/util/zod";
import * as User from "@fleetforms/core/user/index";
import * as Profile from "@fleetforms/core/user/profile";
import { http, signedIn } from "../lib/http";

const Query = z.object({ userId: z.optional(z.string().check(z.trim(), z.maxLength(100))) });

/** A profile: one's own (the default), or, for administrators, a user of their company. */
export const handler = http({ query: Query }, async ({ actor, query }) => {
  const user = await Profile.readable(signedIn(actor), query.userId);
  return { status: "success", data: User.present(user) };
});
