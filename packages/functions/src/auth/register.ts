import type * as z from "@fleetforms/core/util/zod";
import * as Auth from "@fleetforms/core/auth/index";
import { http } from "../lib/http";
import { created } from "../lib/response";

type Body = z.input<typeof Auth.register.schema>;

/**
 * An invited user completes sign-up with the registration token, or anyone registers with e-mail and
 * password. Core parses the body (its schema reshapes it); the caller's address always comes from the request.
 */
export const handler = http({}, async ({ event, address }) => created(await Auth.register({ ...(event.body as Body), address })));
