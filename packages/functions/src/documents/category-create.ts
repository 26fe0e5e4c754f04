import * as Category from "@fleetforms/core/document/categories";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";
import { categoryCall } from "./category-reply";

/** SPEC §7 POST /v2/asset-categories, the category as body: `data.category` and `category`. */
export const handler = http({}, async ({ actor, event }) =>
  categoryCall(async () => {
    const category = Category.present(await Category.create(signedIn(actor), (event.body ?? {}) as never));
    return created({ data: { category }, category });
  }),
);
