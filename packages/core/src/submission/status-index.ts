import { SubmissionAuthorEntity, SubmissionEntity, SubmissionStatusEntity } from "./submission.entity";

/**
 * Gives every submission its key in the list of its status (GET /submissions?status) and in its author's list
 * (a user's GET /submissions, issue 36): submissions written before those indexes existed have none. A Scan is
 * acceptable here: it runs once per stage from scripts/backfill-submission-status.ts, never in a request path
 * (DESIGN §3). Putting a key that exists writes the same item again, so running it twice does no harm.
 */
export async function indexStatuses(): Promise<number> {
  let cursor: string | null = null;
  let written = 0;
  do {
    const page = await scanPage(cursor);
    if (page.data.length) {
      const keys = page.data.map(({ submittedBy, ...key }) => ({ key, userId: submittedBy }));
      await SubmissionStatusEntity.put(keys.map(({ key }) => key)).go();
      await SubmissionAuthorEntity.put(keys.map(({ key, userId }) => ({ ...key, userId }))).go();
    }
    written += page.data.length;
    cursor = page.cursor;
  } while (cursor);
  return written;
}

const scanPage = (cursor: string | null) => SubmissionEntity.scan.go({ cursor, attributes: ["companyId", "submissionId", "formId", "status", "formSeq", "companySeq", "submittedBy"] });
