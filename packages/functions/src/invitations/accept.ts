import * as z from "@fleetforms/core/util/zod";
import * as Invitation from "@fleetforms/core/invitation/index";
import { http, signedIn } from "../lib/http";

/** The signed-in person the invitation was sent to takes its seat. */
export const handler = http({ params: z.object({ token: z.string().check(z.maxLength(200)) }) }, async ({ actor, params }) =>
  Invitation.accept({ token: params.token, userId: signedIn(actor).userId }),
);
