import * as Auth from "@fleetforms/core/auth/index";
import { http, signedIn } from "../lib/http";

/** `PUT /auth/resetPassword`: the signed-in user's password change; asks for the current password. */
export const handler = http({ body: Auth.ChangePasswordInput }, async ({ body, actor, bearer }) => {
  const claims = await Auth.verifyAccessToken(bearer!);
  return Auth.changePassword({ ...body, userId: signedIn(actor).userId, sid: claims.sid });
});
