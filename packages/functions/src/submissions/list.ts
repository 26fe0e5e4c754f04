import { Submission } from "@fleetforms/core/submission/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /submissions?page&limit&formId&sort_by&sort_direction, and `status` (docs/api-submissions.md): `submissions` and `totalPages`. */
export const handler = http({ query: Submission.list.schema }, async ({ actor, query }) => Submission.list(signedIn(actor), query));
