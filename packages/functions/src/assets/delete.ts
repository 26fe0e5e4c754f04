import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 DELETE /v2/assets/{id}: files that are part of a submission are kept (409). */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => Asset.remove(signedIn(actor), params));
