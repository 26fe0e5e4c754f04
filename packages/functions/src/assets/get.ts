import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /assets/{id} and /v2/assets/{id}: the asset's metadata (a document's, for a document). */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => ({
  asset: await Asset.describe(signedIn(actor), params),
}));
