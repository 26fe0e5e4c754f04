import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as Form from "@fleetforms/core/form/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { emit } from "@fleetforms/core/webhook/emit";
import { http, signedIn } from "../lib/http";

const Body = /* @__PURE__ */ z.lazySchema(() => z.omit(Submission.approve.schema, { id: true }));

/** needsApproval: approves a waiting submission {version, comment?}; the submitter gets an e-mail. */
export const handler = http({ params: z.object({ id: Form.Id }), body: Body }, async ({ actor, params, body }) => {
  const caller = signedIn(actor);
  const submission = Submission.presentEntry(await Submission.approve(caller, { ...body, id: params.id }), "");
  await emit(companyOf(caller), "submission.approved", `${submission.id}@${submission.version}`, { submission });
  return { submission };
});
