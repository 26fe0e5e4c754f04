import { parseParams, PARAMS_INVALID_MESSAGE } from "@fleetforms/core/dashboard/params";

/** SPEC §5: the message when default or custom parameters are not a JSON object (the API's own rule). */
export { PARAMS_INVALID_MESSAGE };
export const PARAMS_INVALID_KEY = "dashboards.errors.paramsInvalid";

/** Default and custom parameters are text holding a JSON object; empty text means `{}` (docs/api-dashboards.md). */
export const paramsAreValid = (text: string): boolean => parseParams(text) !== undefined;

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
