import * as z from "@fleetforms/core/util/zod";
import * as SubmissionPdf from "@fleetforms/core/submission/pdf";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";
import { binary } from "../lib/response";

/** SPEC §7 GET /submissions/download/{id}?lang: the PDF, named submission_{id}.pdf. */
export const handler = http({ params: z.object({ id: Form.Id }), query: z.object({ lang: z.optional(Form.Lang) }) }, async ({ actor, params, query }) => {
  const pdf = await SubmissionPdf.download(signedIn(actor), { id: params.id, lang: query.lang });
  return binary(pdf.body, "application/pdf", pdf.fileName);
});
