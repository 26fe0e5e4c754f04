import type { FormDefinition } from "@fleetforms/core/form/definition";
import { validateValues } from "@fleetforms/core/form/values";
import { reduceAssets } from "./asset-refs";
import { visibleValues } from "./visibility";
import type { Values } from "./value-path";

/**
 * The answers as they will be sent, checked with the server's own rules
 * (core/form/values) so mistakes show before the round trip. Returns the
 * errors by field (the server's fieldErrors shape) and the body to send.
 */
export function checkAnswers(definition: FormDefinition, values: Values): { ok: boolean; errors: Record<string, string[]>; payload: Values } {
  const payload = reduceAssets(visibleValues(definition, values));
  const result = validateValues(definition, payload);
  return { ok: result.ok, errors: result.errors, payload };
}
