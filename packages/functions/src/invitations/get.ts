import * as z from "@fleetforms/core/util/zod";
import * as Invitation from "@fleetforms/core/invitation/index";
import { http } from "../lib/http";

/** What the accept page shows to whoever holds the link: the company, the role, the state, the masked address. */
export const handler = http({ params: z.object({ token: z.string().check(z.maxLength(200)) }) }, async ({ params }) => ({ invitation: await Invitation.fromToken(params.token) }));
