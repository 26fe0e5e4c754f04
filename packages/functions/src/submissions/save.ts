import { Submission } from "@fleetforms/core/submission/index";
import { http, signedIn } from "../lib/http";
import { json } from "../lib/response";

/** SPEC §7 POST /submissions/save {formId, values}: answers are checked against the form's definition. */
export const handler = http({ body: Submission.save.schema }, async ({ actor, body }) => {
  const submission = await Submission.save(signedIn(actor), body);
  return json({ submission: Submission.presentEntry(submission, "") }, 201);
});
