import { Home } from "@fleetforms/core/home/index";
import { http, signedIn } from "../lib/http";

/** GET /home: the home screen's blocks in one call (docs/api-dashboards.md). */
export const handler = http({}, async ({ actor }) => ({ data: await Home.home(signedIn(actor)) }));
