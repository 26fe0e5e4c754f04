import * as z from "zod";
import { Form } from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

const Body = Form.SaveTemplateInput.omit({ formId: true });

/** SPEC §7 POST /form/template/{id} {template, exampleData}: raw {{{ }}} output, partials and unknown helpers are refused. */
export const handler = http({ params: z.object({ id: Form.Id }), body: Body }, async ({ actor, params, body }) =>
  Form.presentTemplate(await Form.saveTemplate(signedIn(actor), { ...body, formId: params.id })),
);
