import * as Asset from "@fleetforms/core/asset/index";
import { http, signedIn } from "../lib/http";
import { idempotencyKeyOf, replayHeaders } from "../lib/idempotency";
import { json } from "../lib/response";

/**
 * SPEC §7 POST /v2/assets/upload-url {fileName, fileType, size}: the pending asset and a presigned PUT (5 minutes).
 * With an Idempotency-Key header, a retry answers the first request's asset with a fresh presigned PUT.
 */
export const handler = http({ body: Asset.UploadUrlInput }, async ({ actor, body, event }) => {
  const { asset, replayed, ...upload } = await Asset.uploadUrlOnce(signedIn(actor), { ...body, idempotencyKey: idempotencyKeyOf(event) });
  return json({ asset: Asset.present(asset), ...upload }, 200, replayHeaders(replayed));
});
