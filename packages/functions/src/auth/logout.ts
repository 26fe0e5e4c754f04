import { z } from "zod";
import { Auth } from "@fleetforms/core/auth/index";
import { http } from "../lib/http";

export const handler = http({ body: z.object({ refresh_token: z.string().max(200).optional() }) }, async ({ body }) => {
  await Auth.logout(body.refresh_token);
  return { success: true };
});
