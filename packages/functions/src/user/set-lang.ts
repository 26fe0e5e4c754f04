import * as z from "@fleetforms/core/util/zod";
import * as User from "@fleetforms/core/user/index";
import { Lang } from "@fleetforms/core/user/roles";
import { http, signedIn } from "../lib/http";

/** SPEC §1: saves the language chosen in the app to the account. */
export const handler = http({ body: z.object({ lang: Lang }) }, async ({ actor, body }) => ({
  status: "success",
  lang: await User.setLang(signedIn(actor).userId, body.lang),
}));
