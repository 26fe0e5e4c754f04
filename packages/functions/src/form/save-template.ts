import * as z from "@fleetforms/core/util/zod";
import { Id, SaveTemplateInput } from "@fleetforms/core/form/fields";
import { presentTemplate } from "@fleetforms/core/form/template-item";
import * as FormTemplate from "@fleetforms/core/form/template";
import { assertStorable } from "@fleetforms/core/pdf/limits";
import { http, signedIn } from "../lib/http";

const Body = /* @__PURE__ */ z.lazySchema(() => z.omit(SaveTemplateInput, { formId: true }));

/**
 * SPEC §7 POST /form/template/{id}: raw {{{ }}} output, partials and unknown helpers are refused (400);
 * a template or example data past the render limits is refused (413).
 */
export const handler = http({ params: z.object({ id: Id }), body: Body }, async ({ actor, params, body }) => {
  assertStorable(body);
  return presentTemplate(await FormTemplate.save(signedIn(actor), { ...body, formId: params.id }));
});
