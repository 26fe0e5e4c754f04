import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 PUT /v2/assets/{id}, the asset as body: a document's name, category, restriction, expiry and links, or a file's name. */
export const handler = http({ params: z.object({ id: Form.Id }), body: z.record(z.string(), z.unknown()) }, async ({ actor, params, body }) => ({
  asset: await Asset.edit(signedIn(actor), params.id, body),
}));
