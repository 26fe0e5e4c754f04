import { ApiError } from "@/lib/api-client";

/**
 * A feature's way from a failed call to the translation key of what to say: its codes' keys first, then
 * the generic server error, then the keys of the field messages it knows. Undefined when the API's own
 * words are all there is.
 */
export function errorKeyFinder(errorKeys: Record<string, string>, fieldMessageKeys: ReadonlyMap<string, string>) {
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    if (error.code && errorKeys[error.code]) return errorKeys[error.code];
    if (error.status >= 500) return "common.errors.server";
    return fieldMessageKeys.get(error.message);
  };
}

export const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);
export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
