import { indexStatuses } from "../packages/core/src/submission/status-index";

/**
 * Gives the submissions of a deployed stage their keys in the lists by status (GET /submissions?status,
 * issue 19) and by author (a user's own list, issue 36), once after deploying the change that added them. Run through `sst bind` so the table is bound:
 *
 *   npx sst bind --stage prod -- npx tsx scripts/backfill-submission-status.ts
 */
try {
  console.log(`Indexed ${await indexStatuses()} submissions by status and by author.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
