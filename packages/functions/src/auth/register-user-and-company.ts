import * as Auth from "@fleetforms/core/auth/index";
import { http } from "../lib/http";
import { created } from "../lib/response";

/** SPEC §3 registration payload: a company and its first orgadmin, signed in to it (a few an hour per address). */
export const handler = http({ body: Auth.RegistrationPayload }, async ({ body, address }) => created(await Auth.registerUserAndCompany({ ...body, address })));
