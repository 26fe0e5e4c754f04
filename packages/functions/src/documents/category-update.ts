import * as z from "@fleetforms/core/util/zod";
import * as Category from "@fleetforms/core/document/categories";
import { http, signedIn } from "../lib/http";
import { categoryCall } from "./category-reply";

/** SPEC §7 PUT /v2/asset-categories/{id}, the category as body; the code cannot change. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(40)) }) }, async ({ actor, params, event }) =>
  categoryCall(async () => {
    const body = (event.body && typeof event.body === "object" ? event.body : {}) as Record<string, unknown>;
    const category = Category.present(await Category.update(signedIn(actor), { ...body, id: params.id } as never));
    return { data: { category }, category };
  }),
);
