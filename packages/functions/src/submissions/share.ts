import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";
import { json } from "../lib/response";

const Body = /* @__PURE__ */ z.lazySchema(() => z.omit(Submission.share.schema, { id: true }));

/** canBeShared: an expiring link to the PDF {expiresInHours? (at most 720), lang?} → {shareId, token, path, url, expiresAt}; the submitter and administrators only. */
export const handler = http({ params: z.object({ id: Form.Id }), body: Body }, async ({ actor, params, body }) =>
  json(await Submission.share(signedIn(actor), { ...body, id: params.id }), 201),
);
