import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

const Body = /* @__PURE__ */ z.lazySchema(() => z.omit(Submission.amend.schema, { id: true }));

/** Amends the answers {version, values}; a stale version gets 409 'Record changed by another user. Refresh and try again.'. */
export const handler = http({ params: z.object({ id: Form.Id }), body: Body }, async ({ actor, params, body }) => {
  const { submission, changed } = await Submission.amend(signedIn(actor), { ...body, id: params.id });
  return { submission: Submission.presentEntry(submission, ""), changed };
});
