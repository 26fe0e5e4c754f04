import * as z from "@fleetforms/core/util/zod";
import * as Invitation from "@fleetforms/core/invitation/index";
import { http, signedIn } from "../lib/http";

/** Sends a pending invitation again with a new link and a new week; the old link stops working. */
export const handler = http({ params: z.object({ id: Invitation.InvitationId }) }, async ({ actor, params }) => Invitation.resend(signedIn(actor), params));
