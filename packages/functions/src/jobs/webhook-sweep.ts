import { sweep } from "@fleetforms/core/webhook/sweep";

/** Every 15 minutes: pending webhook deliveries whose message was lost are queued again, or failed past their retries (issue 41). */
export const handler = async () => {
  const outcome = await sweep();
  console.log(JSON.stringify({ level: "info", job: "webhook-sweep", ...outcome }));
  return outcome;
};
