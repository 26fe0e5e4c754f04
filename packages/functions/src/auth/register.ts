import type * as z from "zod";
import { Auth } from "@fleetforms/core/auth/index";
import { http } from "../lib/http";
import { created } from "../lib/response";

type Body = z.input<typeof Auth.RegisterInput>;

/** An invited user completes sign-up with the registration token, or anyone registers with e-mail and password. */
export const handler = http({}, async ({ event }) => created(await Auth.register((event.body ?? {}) as Body)));
