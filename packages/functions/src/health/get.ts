import * as Health from "@fleetforms/core/health/index";
import { http } from "../lib/http";
import { json } from "../lib/response";

export const handler = http({}, async () => {
  const health = await Health.check();
  return json({ status: health.ok ? "ok" : "degraded", table: health.table, bucket: health.bucket }, health.ok ? 200 : 503);
});
