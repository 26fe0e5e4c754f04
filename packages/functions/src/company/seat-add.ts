import * as Member from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** A provider administrator adds an existing account to a company with a role (issue 36: nobody else; orgadmins invite). */
export const handler = http({ body: Member.SeatInput }, async ({ actor, body }) => created({ status: "success", data: await Member.addSeat(signedIn(actor), body) }));
