import * as z from "zod";
import { Report } from "@fleetforms/core/report/index";
import { http } from "../lib/http";
import { binary } from "../lib/response";

/** The e-mailed link: the token is the check, valid seven days (410 after). */
export const handler = http({ params: z.object({ token: z.string().max(2000) }) }, async ({ params }) => {
  const file = await Report.download(params.token);
  return binary(file.body, file.contentType, file.fileName);
});
