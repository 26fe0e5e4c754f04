import * as z from "@fleetforms/core/util/zod";
import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";

/** The requester's export: its progress, and its links once stored. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }) }, async ({ actor, params }) => ({
  data: { export: await Report.exportStatus(signedIn(actor), decodeURIComponent(params.id)) },
}));
