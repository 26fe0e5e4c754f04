import * as Mailer from "../messaging/mailer";
import * as User from "../user";
import { parameter } from "../util/config";
import type { FormItem } from "../form/form.entity";
import { nameIn } from "../form/names";
import type { SubmissionItem } from "./submission.entity";
import { log } from "../util/log";

/** The e-mails a review sends the submitter, in their language. */
const TEXTS = {
  en: {
    approvedSubject: (form: string) => `Your ${form} submission was approved`,
    sentBackSubject: (form: string) => `Your ${form} submission needs changes`,
    approved: (name: string, form: string, id: number, by: string, link: string) =>
      `Hello ${name},\n\n${by} approved your ${form} submission #${id}.\n\n${link}\n\nFleetforms`,
    sentBack: (name: string, form: string, id: number, by: string, comment: string, link: string) =>
      `Hello ${name},\n\n${by} sent your ${form} submission #${id} back:\n\n"${comment}"\n\nPlease amend it here:\n\n${link}\n\nFleetforms`,
  },
  es: {
    approvedSubject: (form: string) => `Su envío de ${form} fue aprobado`,
    sentBackSubject: (form: string) => `Su envío de ${form} necesita cambios`,
    approved: (name: string, form: string, id: number, by: string, link: string) =>
      `Hola ${name}:\n\n${by} aprobó su envío #${id} de ${form}.\n\n${link}\n\nFleetforms`,
    sentBack: (name: string, form: string, id: number, by: string, comment: string, link: string) =>
      `Hola ${name}:\n\n${by} le devolvió su envío #${id} de ${form}:\n\n"${comment}"\n\nCorríjalo aquí:\n\n${link}\n\nFleetforms`,
  },
} as const;

/**
 * Tells the submitter how the review went. The review is already saved: a
 * failed send is logged, not turned into an error for the reviewer.
 */
export async function notifyReview(submission: SubmissionItem, form: FormItem, decision: "approved" | "sent_back", reviewer: string) {
  const user = await User.fromId(submission.submittedBy);
  if (!user?.email || user.hasEmailNotify === false) return;
  const lang = user.lang === "es" ? "es" : "en";
  const texts = TEXTS[lang];
  const formName = nameIn(form, lang);
  const appUrl = ((await parameter("APP_URL")) ?? "").replace(/\/$/, "");
  const link = `${appUrl}/submissions/${submission.submissionId}`;
  const name = user.firstName || user.username;
  const email =
    decision === "approved"
      ? { subject: texts.approvedSubject(formName), text: texts.approved(name, formName, submission.submissionId, reviewer, link) }
      : { subject: texts.sentBackSubject(formName), text: texts.sentBack(name, formName, submission.submissionId, reviewer, submission.reviewComment ?? "", link) };
  try {
    await Mailer.send({ to: user.email, companyId: submission.companyId, ...email });
  } catch (error) {
    log("warn", "review notice not sent", { submissionId: submission.submissionId, error: (error as Error).message });
  }
}
