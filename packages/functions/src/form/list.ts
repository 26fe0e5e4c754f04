import type * as z from "@fleetforms/core/util/zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** The forms the caller may see, read beside the access check (`prefetch`). */
const read = ({ actor, query }: { actor: Actor; query: z.output<typeof Form.list.schema> }) => Form.list(actor, query);

/** SPEC §7 GET /form: `data.forms`; activeOnly=false adds drafts and inactive forms. */
export const handler = http(
  { query: Form.list.schema },
  async ({ actor, prefetched }) => {
    const caller = signedIn(actor);
    return { data: { forms: (await prefetched).map((form) => Form.present(form, caller)) } };
  },
  { prefetch: read },
);
