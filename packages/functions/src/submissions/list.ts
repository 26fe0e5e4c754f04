import type * as z from "@fleetforms/core/util/zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import * as Submission from "@fleetforms/core/submission/index";
import { http } from "../lib/http";

/** A page of the submissions the caller may see, read beside the access check (`prefetch`). */
const read = ({ actor, query }: { actor: Actor; query: z.output<typeof Submission.list.schema> }) => Submission.list(actor, query);

/** SPEC §7 GET /submissions?page&limit&formId&sort_by&sort_direction, and `status` (docs/api-submissions.md): `submissions` and `totalPages`. */
export const handler = http({ query: Submission.list.schema }, async ({ prefetched }) => prefetched, { prefetch: read });
