/*
 * A dashboard's default and per-company parameters (SPEC §3, §5): text holding a JSON object, empty for
 * none. Pure, so the web app's form checks with the same rule the API refuses with.
 */

/** SPEC §5: the message when parameters are not a JSON object. */
export const PARAMS_INVALID_MESSAGE = "Invalid JSON format for parameters";

/** The parameters the text holds (`{}` for empty text), or undefined when it is not a JSON object. */
export function parseParams(text: string): Record<string, unknown> | undefined {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    // not JSON at all: the same answer as JSON that is not an object
    return undefined;
  }
}
