import * as z from "@fleetforms/core/util/zod";
import * as Auth from "@fleetforms/core/auth/index";
import { http, signedIn } from "../lib/http";

/** Ends the session: the refresh token's family (or the one the access token belongs to). */
export const handler = http({ body: z.object({ refresh_token: z.optional(z.string().check(z.maxLength(200))) }) }, async ({ body, actor, bearer }) => {
  const claims = await Auth.verifyAccessToken(bearer!);
  await Auth.logout({ userId: signedIn(actor).userId, refreshToken: body.refresh_token, sid: claims.sid });
  return { success: true };
});
