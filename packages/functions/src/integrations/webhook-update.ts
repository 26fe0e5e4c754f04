import * as z from "@fleetforms/core/util/zod";
import * as Webhook from "@fleetforms/core/webhook/index";
import { http, signedIn } from "../lib/http";

const Body = /* @__PURE__ */ z.lazySchema(() => z.omit(Webhook.update.schema, { id: true }));

/** Changes an endpoint's address, events or description, or switches it off or on. */
export const handler = http({ params: Webhook.EndpointParams, body: Body }, async ({ actor, params, body }) => ({
  endpoint: await Webhook.update(signedIn(actor), { ...body, id: params.id }),
}));
