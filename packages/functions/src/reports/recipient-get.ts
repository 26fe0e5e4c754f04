import * as z from "@fleetforms/core/util/zod";
import { describe } from "@fleetforms/core/report/recipients";
import { http } from "../lib/http";

/** The confirmation link's page asks which company wants to mail which address (the signed token is the check). */
export const handler = http({ params: z.object({ token: z.string().check(z.maxLength(2000)) }) }, async ({ params }) => ({ data: await describe(params.token) }));
