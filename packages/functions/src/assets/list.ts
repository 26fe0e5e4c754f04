import type * as z from "@fleetforms/core/util/zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import * as Asset from "@fleetforms/core/asset/index";
import * as Document from "@fleetforms/core/document/index";
import { http } from "../lib/http";

/** The page of documents the caller may see, read beside the access check (`prefetch`). */
const read = ({ actor, query }: { actor: Actor; query: z.output<typeof Asset.list.schema> }) => Asset.list(actor, query);

/** SPEC §7 GET /v2/assets/company?sort&order: the documents in `assets`, newest first by default ('-field' sorts descending). */
export const handler = http(
  { query: Asset.list.schema },
  async ({ prefetched }) => {
    const { documents, nextCursor } = await prefetched;
    const today = Document.today();
    return { assets: documents.map((document) => Document.present(document, today)), nextCursor };
  },
  { prefetch: read },
);
