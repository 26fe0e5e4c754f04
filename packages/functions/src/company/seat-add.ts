import * as Member from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** Adds an existing account to a company with a role (provider admins: any company; orgadmins: their own). */
export const handler = http({ body: Member.SeatInput }, async ({ actor, body }) => created({ status: "success", data: await Member.addSeat(signedIn(actor), body) }));
