import * as Submission from "@fleetforms/core/submission/index";
import { http, signedIn } from "../lib/http";
import { idempotencyKeyOf, replayHeaders } from "../lib/idempotency";
import { json } from "../lib/response";

/**
 * SPEC §7 POST /submissions/save {formId, values}: answers are checked against the form's definition.
 * An Idempotency-Key header makes retries safe: every request with the key answers with one submission.
 */
export const handler = http({ body: Submission.SaveInput }, async ({ actor, body, event }) => {
  const { submission, replayed } = await Submission.saveOnce(signedIn(actor), { ...body, idempotencyKey: idempotencyKeyOf(event) });
  return json({ submission: Submission.presentEntry(submission, "") }, 201, replayHeaders(replayed));
});
