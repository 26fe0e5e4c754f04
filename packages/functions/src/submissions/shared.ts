import * as z from "zod";
import { Submission } from "@fleetforms/core/submission/index";
import { Form } from "@fleetforms/core/form/index";
import { http } from "../lib/http";
import { binary } from "../lib/response";

/** A share link (canBeShared): the PDF, without signing in, until the link expires. */
export const handler = http({ params: z.object({ token: z.string().max(200) }), query: z.object({ lang: Form.Lang.optional() }) }, async ({ params, query }) => {
  const { submission, lang } = await Submission.fromShareToken(params.token);
  const pdf = await Submission.pdfFor(submission.companyId, submission.submissionId, query.lang ?? lang);
  return binary(pdf.body, "application/pdf", pdf.fileName, true);
});
