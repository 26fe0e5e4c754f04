import * as z from "zod";
import { Asset } from "@fleetforms/core/asset/index";
import { Form } from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 POST /v2/assets/{id}/validate: size and magic bytes; the asset comes back valid or error with a reason. */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => ({
  asset: Asset.present(await Asset.validate(signedIn(actor), params)),
}));
