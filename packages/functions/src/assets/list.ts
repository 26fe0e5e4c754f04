import { Asset } from "@fleetforms/core/asset/index";
import { Document } from "@fleetforms/core/document/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /v2/assets/company?sort&order: the documents in `assets`, newest first by default ('-field' sorts descending). */
export const handler = http({ query: Asset.list.schema }, async ({ actor, query }) => {
  const { documents, nextCursor } = await Asset.list(signedIn(actor), query);
  const today = Document.today();
  return { assets: documents.map((document) => Document.present(document, today)), nextCursor };
});
