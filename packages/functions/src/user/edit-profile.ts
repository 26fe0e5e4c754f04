import * as User from "@fleetforms/core/user/index";
import * as Profile from "@fleetforms/core/user/profile";
import { http, signedIn } from "../lib/http";

/** Saves a profile edit against its version; 409 'Record changed by another user. Refresh and try again.' when stale. */
export const handler = http({ body: User.ProfileEdit }, async ({ actor, body }) => {
  const user = await Profile.edit(signedIn(actor), body);
  return { status: "success", data: User.present(user) };
});
