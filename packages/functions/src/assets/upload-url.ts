import { Asset } from "@fleetforms/core/asset/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 POST /v2/assets/upload-url {fileName, fileType, size}: the pending asset and a presigned PUT (5 minutes). */
export const handler = http({ body: Asset.uploadUrl.schema }, async ({ actor, body }) => {
  const { asset, ...upload } = await Asset.uploadUrl(signedIn(actor), body);
  return { asset: Asset.present(asset), ...upload };
});
