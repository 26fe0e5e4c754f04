/** SPEC §5: the message when default or custom parameters are not a JSON object. */
export const PARAMS_INVALID_MESSAGE = "Invalid JSON format for parameters";
export const PARAMS_INVALID_KEY = "dashboards.errors.paramsInvalid";

/**
 * Default and custom parameters are text holding a JSON object; empty text means `{}` (docs/api-dashboards.md).
 * Arrays, strings, numbers and null are JSON but not parameters, so the API refuses them too.
 */
export function paramsAreValid(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "") return true;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    // not JSON at all: the same answer as JSON that is not an object
    return false;
  }
}

/** The translation key of the parameters' problem, or undefined when they can be sent. */
export const paramsProblem = (text: string): string | undefined => (paramsAreValid(text) ? undefined : PARAMS_INVALID_KEY);

/** Parameters as the form shows them again: an object laid out on lines, anything else as it was typed. */
export function formatParams(text: string): string {
  if (!text.trim()) return "";
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? JSON.stringify(value, null, 2) : text;
  } catch {
    // shown as stored, for the person to correct
    return text;
  }
}

/** What is sent: the object written compactly, or "" for none. */
export function compactParams(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const value: unknown = JSON.parse(trimmed);
  return Object.keys(value as object).length ? JSON.stringify(value) : "";
}
