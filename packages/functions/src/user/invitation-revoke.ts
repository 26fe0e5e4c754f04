import * as z from "@fleetforms/core/util/zod";
import * as Invitation from "@fleetforms/core/invitation/index";
import { http, signedIn } from "../lib/http";

/** Withdraws a pending invitation of the caller's company. */
export const handler = http({ params: z.object({ id: Invitation.InvitationId }) }, async ({ actor, params }) => ({ invitation: await Invitation.revoke(signedIn(actor), params) }));
