import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http } from "../lib/http";
import { redirect } from "../lib/response";

const Query = z.object({ assetToken: z.string({ error: "assetToken is required" }).check(
  z.minLength(1),
  z.maxLength(2000),
), download: z.optional(z.enum(["true", "false"])) });

/** SPEC §7 /v2/assets/token/{id}/content?assetToken[&download=true]: for <img src> and downloads without a header. */
export const handler = http({ params: z.object({ id: Form.Id }), query: Query }, async ({ params, query }) =>
  redirect(await Asset.contentUrl(await Asset.fromToken(params.id, query.assetToken), query.download === "true")),
);
