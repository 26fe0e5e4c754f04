import * as Auth from "@fleetforms/core/auth/index";
import { http } from "../lib/http";

export const handler = http({ body: Auth.LoginInput }, async ({ body, address }) => Auth.login({ ...body, address }));
