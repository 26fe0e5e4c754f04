import { NotFoundError } from "../util/errors";
import type { Actor } from "../auth/claims";
import { companyOf } from "../form/verb";
import * as User from "../user";
import { displayNameOf } from "../user/display-name";
import type { Values } from "../form/values";
import { SubmissionEntity, type SubmissionItem } from "./submission.entity";
import { mayRead } from "./visibility";

export { mayRead, seesOnlyOwn } from "./visibility";

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

/** A submission the caller may read: a colleague's, for a user, is not found, as another company's is. */
export async function mustRead(actor: Actor, submissionId: number): Promise<SubmissionItem> {
  const submission = await mustGet(companyOf(actor), submissionId);
  if (!mayRead(actor, submission)) throw new NotFoundError("submission.not_found", NOT_FOUND_MESSAGE);
  return submission;
}

/** How a person is named on a submission, its history and its share links: their name, else their username. */
export async function displayName(userId: string, fallback: string) {
  const user = await User.fromId(userId);
  return user ? displayNameOf(user) : fallback;
}
