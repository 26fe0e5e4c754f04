import { Auth } from "@fleetforms/core/auth/index";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** Invites a person into the caller's company (an existing account gets the seat at once). */
export const handler = http({ body: Auth.InviteInput }, async ({ body, actor }) => {
  const caller = signedIn(actor);
  Auth.assertCanWrite(caller);
  return created(await Auth.invite({ ...body, companyId: caller.companyId!, invitedBy: caller.userId }));
});
