import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /v2/assets/{id}/status: polled during validation; 404 'Asset not found'. */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => Asset.status(signedIn(actor), params));
