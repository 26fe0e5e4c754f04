import * as Invitation from "@fleetforms/core/invitation/index";
import { http, signedIn } from "../lib/http";

/** The invitations of the caller's company, newest first, with their state. */
export const handler = http({}, async ({ actor }) => ({ invitations: await Invitation.list(signedIn(actor)) }));
