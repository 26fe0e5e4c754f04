import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /v2/assets/{id}/src: a source URL (presigned, 5 minutes) for <img src>. */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => ({
  src: await Asset.contentUrl(await Asset.get(signedIn(actor), params)),
  expiresIn: 300,
}));
