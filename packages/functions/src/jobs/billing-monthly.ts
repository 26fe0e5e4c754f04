import { previousMonth } from "@fleetforms/core/billing/month";
import { run } from "@fleetforms/core/billing/run";

/** The 1st of every month, 00:05 UTC: every company's bill for the month that just ended (issue 17). */
export const handler = async () => {
  const outcome = await run(previousMonth());
  console.log(JSON.stringify({ level: "info", job: "billing-monthly", ...outcome }));
  return outcome;
};
