import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import { http } from "../lib/http";

/** What a share link's page shows (the form, the company, the expiry): 404 unknown, 410 expired or revoked. Not counted as an open. */
export const handler = http({ params: z.object({ token: z.string().check(z.maxLength(200)) }) }, async ({ params }) => ({ data: await Submission.sharedInfo(params.token) }));
