import type { Element, FormDefinition } from "@fleetforms/core/form/definition";
import { visibility } from "@fleetforms/core/form/values";
import type { Values } from "./value-path";

/**
 * Which elements show for the answers given, decided by the rules the server
 * applies (core/form/values): an element's own condition and every section's
 * around it; a hidden answer counts as unanswered.
 */
export function createVisibility(definition: FormDefinition, values: Values) {
  const { elementVisible } = visibility(definition, values);
  return (element: Element, item?: Values) => elementVisible(element, item);
}

/** The answers of the elements shown, hidden ones left out, group items included: what is sent. */
export function visibleValues(definition: FormDefinition, values: Values): Values {
  const shown = createVisibility(definition, values);
  const out: Values = {};
  const visit = (body: readonly Element[], scope: Values, target: Values, item: Values | undefined, parentShown: boolean) => {
    for (const element of body) {
      const visible = parentShown && shown(element, item);
      if (element.type === "section") {
        visit(element.elements, scope, target, item, visible);
        continue;
      }
      if (!visible || !(element.name in scope) || scope[element.name] === undefined) continue;
      const value = scope[element.name];
      if (element.type === "group" && Array.isArray(value)) {
        target[element.name] = value.map((entry) => {
          const itemValues = entry && typeof entry === "object" ? (entry as Values) : {};
          const kept: Values = {};
          visit(element.elements, itemValues, kept, itemValues, true);
          return kept;
        });
      } else target[element.name] = value;
    }
  };
  visit(definition.body, values, out, undefined, true);
  return out;
}
