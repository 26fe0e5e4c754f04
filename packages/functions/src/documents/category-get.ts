import * as z from "@fleetforms/core/util/zod";
import * as Category from "@fleetforms/core/document/categories";
import { http, signedIn } from "../lib/http";
import { categoryCall } from "./category-reply";

/** SPEC §7 GET /v2/asset-categories/{id}: `data.category`. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(40)) }) }, async ({ actor, params }) =>
  categoryCall(async () => ({ data: { category: Category.present(await Category.get(signedIn(actor), params)) } })),
);
