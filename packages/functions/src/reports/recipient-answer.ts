import * as z from "@fleetforms/core/util/zod";
import { answer } from "@fleetforms/core/report/recipients";
import { RecipientAnswer } from "@fleetforms/core/report/schemas";
import { http } from "../lib/http";

/** The owner of an outside address confirms or declines a company's reports (issue 36). */
export const handler = http({ params: z.object({ token: z.string().check(z.maxLength(2000)) }), body: RecipientAnswer }, async ({ params, body }) => ({ data: await answer(params.token, body) }));
