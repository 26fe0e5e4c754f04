import * as ExpiryDigest from "@fleetforms/core/document/digest";

/** Daily: each company's admins get one digest of the documents expiring within 30 days (issue 15). */
export const handler = async () => {
  const outcome = await ExpiryDigest.run();
  console.log(JSON.stringify({ level: "info", job: "document-expiry", ...outcome }));
  return outcome;
};
