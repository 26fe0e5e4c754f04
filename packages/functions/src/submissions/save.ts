import * as Submission from "@fleetforms/core/submission/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { emit } from "@fleetforms/core/webhook/emit";
import { http, signedIn } from "../lib/http";
import { idempotencyKeyOf, replayHeaders } from "../lib/idempotency";
import { json } from "../lib/response";

/**
 * SPEC §7 POST /submissions/save {formId, values}: answers are checked against the form's definition.
 * An Idempotency-Key header makes retries safe: every request with the key answers with one submission.
 */
export const handler = http({ body: Submission.SaveInput }, async ({ actor, body, event }) => {
  const caller = signedIn(actor);
  const { submission, replayed } = await Submission.saveOnce(caller, { ...body, idempotencyKey: idempotencyKeyOf(event) });
  const presented = Submission.presentEntry(submission, "");
  if (!replayed) await emit(companyOf(caller), "submission.created", String(presented.id), { submission: presented });
  return json({ submission: presented }, 201, replayHeaders(replayed));
});
