import { NotFoundError } from "../util/errors";
import * as User from "../user";
import { displayNameOf } from "../user/display-name";
import type { Values } from "../form/values";
import { SubmissionEntity, type SubmissionItem } from "./submission.entity";

export const NOT_FOUND_MESSAGE = "Submission not found";

export const valuesOf = (submission: Pick<SubmissionItem, "values">): Values => JSON.parse(submission.values) as Values;

export async function fromId(companyId: string, submissionId: number): Promise<SubmissionItem | undefined> {
  const { data } = await SubmissionEntity.get({ companyId, submissionId }).go();
  return data ?? undefined;
}

/** A submission of the caller's company; another company's is simply not found. */
export async function mustGet(companyId: string, submissionId: number): Promise<SubmissionItem> {
  const submission = await fromId(companyId, submissionId);
  if (!submission) throw new NotFoundError("submission.not_found", NOT_FOUND_MESSAGE);
  return submission;
}

/** How a person is named on a submission, its history and its share links: their name, else their username. */
export async function displayName(userId: string, fallback: string) {
  const user = await User.fromId(userId);
  return user ? displayNameOf(user) : fallback;
}
