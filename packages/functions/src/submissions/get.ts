import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /submissions/{id}: answers, the definition they were made with, history and what the caller may do. */
export const handler = http({ params: z.object({ id: Form.Id }), query: z.object({ lang: z.optional(Form.Lang) }) }, async ({ actor, params, query }) => ({
  submission: await Submission.detail(signedIn(actor), { id: params.id, lang: query.lang }),
}));
