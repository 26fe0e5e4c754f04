import type * as z from "@fleetforms/core/util/zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import * as Member from "@fleetforms/core/company/members";
import { http } from "../lib/http";

/** A page of the caller's company's users, read beside the access check (`prefetch`). */
const read = ({ actor, query }: { actor: Actor; query: z.output<typeof Member.ListQuery> }) => Member.list(Member.companyFor(actor), query);

/** A page of the caller's company's users, searched, filtered and sorted by any column (docs/api-admin.md). */
export const handler = http({ query: Member.ListQuery }, async ({ prefetched }) => prefetched, { prefetch: read });
