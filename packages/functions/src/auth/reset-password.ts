import * as Auth from "@fleetforms/core/auth/index";
import { http } from "../lib/http";

/** Sets a new password with a single-use reset link. */
export const handler = http({ body: Auth.ResetPasswordInput }, async ({ body }) => Auth.resetPassword(body));
