import * as z from "@fleetforms/core/util/zod";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** Removes a form's template; its PDFs use the default layout again. */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) => Form.deleteTemplate(signedIn(actor), { formId: params.id }));
