import * as Submission from "@fleetforms/core/submission/index";
import { http, signedIn } from "../lib/http";

/** Revokes one share link at once (administrators): opening it then answers 410. */
export const handler = http({ params: Submission.revokeShare.schema }, async ({ actor, params }) => ({
  share: await Submission.revokeShare(signedIn(actor), params),
}));
