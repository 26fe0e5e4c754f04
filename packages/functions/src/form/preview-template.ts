import * as z from "@fleetforms/core/util/zod";
import * as Form from "@fleetforms/core/form/index";
import * as SubmissionPdf from "@fleetforms/core/submission/pdf";
import { http, signedIn } from "../lib/http";
import { binary } from "../lib/response";

const Body = /* @__PURE__ */ z.lazySchema(() => z.omit(SubmissionPdf.previewTemplate.schema, { formId: true }));

/** The template builder's live preview: the template as typed, with the example data, as a PDF. Nothing is stored. */
export const handler = http({ params: z.object({ id: Form.Id }), body: Body }, async ({ actor, params, body }) => {
  const pdf = await SubmissionPdf.previewTemplate(signedIn(actor), { ...body, formId: params.id });
  return binary(pdf, "application/pdf", `form_${params.id}_preview.pdf`, true);
});
