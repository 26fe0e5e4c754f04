import * as User from "@fleetforms/core/user/index";
import { http, signedIn } from "../lib/http";

export const handler = http({}, async ({ actor }) => ({ lang: (await User.mustGet(signedIn(actor).userId)).lang }));
