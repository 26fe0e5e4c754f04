import { z } from "zod";
import { Asset } from "@fleetforms/core/asset/index";
import { Form } from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";
import { redirect } from "../lib/response";

/** SPEC §7 /v2/assets/{id}/content and /assets/content/{id}: a redirect to a short presigned GET. */
export const handler = http(
  { params: z.object({ id: Form.Id }), query: z.object({ download: z.enum(["true", "false"]).optional() }) },
  async ({ actor, params, query }) => redirect(await Asset.contentUrl(await Asset.get(signedIn(actor), params), query.download === "true")),
);
