import * as Auth from "@fleetforms/core/auth/index";
import { http, signedIn } from "../lib/http";

export const handler = http({}, async ({ actor, bearer }) => {
  const claims = await Auth.verifyAccessToken(bearer!);
  return Auth.sessionUser(signedIn(actor), claims);
});
