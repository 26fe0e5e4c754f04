import * as Asset from "@fleetforms/core/asset/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 POST /assets/token {assetId}: a short-lived assetToken for the token content and src URLs. */
export const handler = http({ body: Asset.token.schema }, async ({ actor, body }) => Asset.token(signedIn(actor), body));
