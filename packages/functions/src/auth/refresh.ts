import * as Auth from "@fleetforms/core/auth/index";
import { http } from "../lib/http";

export const handler = http({ body: Auth.refresh.schema }, async ({ body }) => Auth.refresh(body));
