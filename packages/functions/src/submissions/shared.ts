import * as z from "@fleetforms/core/util/zod";
import * as Submission from "@fleetforms/core/submission/index";
import * as SubmissionPdf from "@fleetforms/core/submission/pdf";
import * as Form from "@fleetforms/core/form/index";
import { http } from "../lib/http";
import { binary } from "../lib/response";

/** A share link (canBeShared): the PDF, without signing in, until the link expires or is revoked (410); each open is logged. */
export const handler = http({ params: z.object({ token: z.string().check(z.maxLength(200)) }), query: z.object({ lang: z.optional(Form.Lang) }) }, async ({ params, query, address, event }) => {
  const { submission, lang } = await Submission.openShared(params.token, { address, userAgent: event.headers?.["user-agent"] });
  const pdf = await SubmissionPdf.pdfFor(submission.companyId, submission.submissionId, query.lang ?? lang);
  return binary(pdf.body, "application/pdf", pdf.fileName, true);
});
