import * as z from "zod";
import { Companies } from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** Resumes a suspended tenant (provider administrators). */
export const handler = http({ params: z.object({ id: z.string().trim().min(1).max(100) }) }, async ({ actor, params }) => ({
  company: await Companies.resume(signedIn(actor), params.id),
}));
