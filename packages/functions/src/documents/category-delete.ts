import * as z from "@fleetforms/core/util/zod";
import * as Category from "@fleetforms/core/document/categories";
import { http, signedIn } from "../lib/http";
import { categoryCall } from "./category-reply";

/** SPEC §7 DELETE /v2/asset-categories/{id}: a category documents use is a 409 naming how many. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(40)) }) }, async ({ actor, params }) =>
  categoryCall(async () => Category.remove(signedIn(actor), params)),
);
