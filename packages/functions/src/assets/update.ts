import * as z from "zod";
import { Asset } from "@fleetforms/core/asset/index";
import { Form } from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

const Body = Asset.update.schema.omit({ id: true }).extend({ id: z.unknown().optional() });

/** SPEC §7 PUT /v2/assets/{id}: the asset's name, category and description. */
export const handler = http({ params: z.object({ id: Form.Id }), body: Body }, async ({ actor, params, body }) => {
  const { id: _ignored, ...fields } = body;
  return { asset: Asset.present(await Asset.update(signedIn(actor), { ...fields, id: params.id })) };
});
