import * as z from "zod";
import { Companies } from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** Suspends a tenant with a reason (provider administrators); nothing is deleted. */
export const handler = http({ params: z.object({ id: z.string().trim().min(1).max(100) }), body: Companies.SuspendInput }, async ({ actor, params, body }) => ({
  company: await Companies.suspend(signedIn(actor), params.id, body.reason),
}));
