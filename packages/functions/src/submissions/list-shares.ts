import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** The submission's share links, newest first, each with its status and the time and address of its opens (administrators). */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => ({
  shares: await Submission.shares(signedIn(actor), { id: params.id }),
}));
