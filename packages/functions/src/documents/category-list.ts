import * as Category from "@fleetforms/core/document/categories";
import { http, signedIn } from "../lib/http";
import { categoryCall } from "./category-reply";

/** SPEC §7 GET /v2/asset-categories: `data.categories`, the company's own and the global ones, by name. */
export const handler = http({}, async ({ actor }) =>
  categoryCall(async () => ({ data: { categories: (await Category.list(signedIn(actor), {})).map(Category.present) } })),
);
