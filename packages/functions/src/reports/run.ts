import * as z from "@fleetforms/core/util/zod";
import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";
import { json } from "../lib/response";

/** Runs a schedule now, for the period that ends now: 202, the run queued. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }) }, async ({ actor, params }) => json({ data: { run: await Report.runNow(signedIn(actor), params.id) } }, 202));
