import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as Form from "@fleetforms/core/form/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { emit } from "@fleetforms/core/webhook/emit";
import { http, signedIn } from "../lib/http";

const Body = /* @__PURE__ */ z.lazySchema(() => z.omit(Submission.amend.schema, { id: true }));

/** Amends the answers {version, values}; a stale version gets 409 'Record changed by another user. Refresh and try again.'. */
export const handler = http({ params: z.object({ id: Form.Id }), body: Body }, async ({ actor, params, body }) => {
  const caller = signedIn(actor);
  const { submission, changed } = await Submission.amend(caller, { ...body, id: params.id });
  const presented = Submission.presentEntry(submission, "");
  if (changed) await emit(companyOf(caller), "submission.amended", `${presented.id}@${presented.version}`, { submission: presented });
  return { submission: presented, changed };
});
