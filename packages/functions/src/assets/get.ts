import * as z from "zod";
import { Asset } from "@fleetforms/core/asset/index";
import { Form } from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /assets/{id} and /v2/assets/{id}: the asset's metadata. */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => ({
  asset: Asset.present(await Asset.get(signedIn(actor), params)),
}));
