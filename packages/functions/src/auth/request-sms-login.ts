import * as Auth from "@fleetforms/core/auth/index";
import { http } from "../lib/http";

/** Sends a 10-minute, single-use sign-in link by SMS (5 a number an hour). */
export const handler = http({ body: Auth.SmsLoginRequest }, async ({ body, address }) => Auth.requestSmsLogin({ ...body, address }));
