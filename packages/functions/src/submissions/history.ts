import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** The amendment history; previous and current values for administrators only (SPEC §6). */
export const handler = http({ params: z.object({ id: Form.Id }), query: z.object({ lang: z.optional(Form.Lang) }) }, async ({ actor, params, query }) =>
  Submission.history(signedIn(actor), { id: params.id, lang: query.lang }),
);
