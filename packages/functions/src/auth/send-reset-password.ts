import * as Auth from "@fleetforms/core/auth/index";
import { http } from "../lib/http";

/** Always 'If the email exists, a reset link has been sent', in the same time either way. */
export const handler = http({ body: Auth.SendResetInput }, async ({ body, address }) => Auth.sendResetPassword({ ...body, address }));
