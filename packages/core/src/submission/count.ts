import { CounterEntity } from "../counter/counter.entity";
import { SubmissionAuthorEntity } from "./submission.entity";

/** The counter of a company's submissions: moved with every submission, read for totals and paging. */
export const companySequence = (companyId: string) => `submissions:${companyId}`;

/** The company's kept count of submissions, read strongly (the list's total and the next write's condition). */
export async function companyCount(companyId: string): Promise<number> {
  const { data } = await CounterEntity.get({ name: companySequence(companyId) }).go({ consistent: true });
  return data?.value ?? 0;
}

/** How many submissions one person made (of one form, or all): their own keys (issue 36: a user's export). */
export async function authorCount(companyId: string, userId: string, formId?: number): Promise<number> {
  const { data } =
    formId !== undefined
      ? await SubmissionAuthorEntity.query.byAuthorForm({ companyId, userId, formId }).go({ pages: "all", attributes: ["submissionId"] })
      : await SubmissionAuthorEntity.query.byAuthor({ companyId, userId }).go({ pages: "all", attributes: ["submissionId"] });
  return data.length;
}
