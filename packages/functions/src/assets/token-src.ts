import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import * as Form from "@fleetforms/core/form/index";
import { http } from "../lib/http";

/** SPEC §7 GET /v2/assets/token/{id}/src?assetToken: a source URL without a bearer token. */
export const handler = http(
  { params: z.object({ id: Form.Id }), query: z.object({ assetToken: z.string({ error: "assetToken is required" }).check(
    z.minLength(1),
    z.maxLength(2000),
  ) }) },
  async ({ params, query }) => ({ src: await Asset.contentUrl(await Asset.fromToken(params.id, query.assetToken)), expiresIn: 300 }),
);
