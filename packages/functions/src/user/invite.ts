import * as Invitation from "@fleetforms/core/invitation/index";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/**
 * Invites a person into the caller's company: a pending invitation and an e-mail, never a seat. The answer
 * is the same whether or not the address has an account.
 */
export const handler = http({ body: Invitation.InviteInput }, async ({ body, actor }) => created(await Invitation.create(signedIn(actor), body)));
