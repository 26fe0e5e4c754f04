import { Asset } from "@fleetforms/core/asset/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /v2/assets/company?sort&order: `assets`, newest first by default ('-field' sorts descending). */
export const handler = http({ query: Asset.list.schema }, async ({ actor, query }) => ({
  assets: (await Asset.list(signedIn(actor), query)).map(Asset.present),
}));
