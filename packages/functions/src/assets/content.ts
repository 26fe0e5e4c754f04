import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";
import { binary, redirect } from "../lib/response";

/**
 * SPEC §7 /v2/assets/{id}/content and /assets/content/{id} with a bearer
 * token: small files come in the response (a redirect would carry the
 * Authorization header to storage, which refuses two auth mechanisms); larger
 * ones redirect to a short presigned GET.
 */
export const handler = http(
  { params: z.object({ id: Form.Id }), query: z.object({ download: z.optional(z.enum(["true", "false"])) }) },
  async ({ actor, params, query }) => {
    const asset = await Asset.get(signedIn(actor), params);
    const download = query.download === "true";
    const content = await Asset.contentFor(asset, download);
    return "url" in content ? redirect(content.url) : binary(content.body, asset.fileType, asset.fileName, !download);
  },
);
