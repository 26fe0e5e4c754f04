import * as Maintenance from "@fleetforms/core/maintenance/index";

export const handler = async () => {
  const removed = await Maintenance.purgeExpired();
  console.log(JSON.stringify({ level: "info", job: "cleanup", removed }));
  return { removed };
};
