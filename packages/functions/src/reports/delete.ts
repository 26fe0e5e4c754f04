import * as z from "@fleetforms/core/util/zod";
import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";

/** Deletes a schedule; its past runs' files stay until the bucket's rules remove them. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }) }, async ({ actor, params }) => Report.remove(signedIn(actor), params.id));
