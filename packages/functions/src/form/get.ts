import * as z from "@fleetforms/core/util/zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

const Params = z.object({ formId: Form.Id });

/** The form, read beside the access check (`prefetch`). */
const read = ({ actor, params }: { actor: Actor; params: z.output<typeof Params> }) => Form.mustGet(actor.companyId!, params.formId);

/** SPEC §7 GET /form/{formId}: `data.form`, with its definition as a JSON string. */
export const handler = http({ params: Params }, async ({ actor, prefetched }) => ({ data: { form: Form.present(await prefetched, signedIn(actor), { withDefinition: true }) } }), { prefetch: read });
