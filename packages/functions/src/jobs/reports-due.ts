import * as Report from "@fleetforms/core/report/index";

/** Every five minutes: the report schedules due by now, each claimed once and put on the reports queue (issue 18). */
export const handler = async () => {
  const outcome = await Report.dispatchDue();
  console.log(JSON.stringify({ level: "info", job: "reports-due", ...outcome }));
  return outcome;
};
