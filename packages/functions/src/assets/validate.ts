import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Document from "@fleetforms/core/document/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 POST /v2/assets/{id}/validate: size and content; valid or error with a reason. A document upload answers the document. */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => {
  const { asset, document } = await Asset.validate(signedIn(actor), params);
  return { asset: document ? Document.present(document) : Asset.present(asset) };
});
