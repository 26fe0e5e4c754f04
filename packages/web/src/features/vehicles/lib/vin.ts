import { checkDigitOf, hasValidCheckDigit, normalizeVin, VIN_PATTERN } from "@fleetforms/core/vehicle/vin";

/**
 * docs/api-vehicles.md: a VIN is 17 digits and capital letters other than I, O and Q, once it is
 * upper-cased and its spaces and dashes are removed. The server applies the same rule; the form
 * checks it first so the person hears about it without a round trip.
 */
export const VIN_LENGTH = 17;
export { VIN_PATTERN };

/** What the VIN box shows while typing: upper case, without spaces or dashes (the server's own rule). */
export const normaliseVin = normalizeVin;

/** An empty VIN is allowed (equipment without one); anything else must match the pattern. */
export function isValidVin(vin: string): boolean {
  return vin === "" || VIN_PATTERN.test(vin);
}

/** The North American check digit (position 9) a well-formed VIN should carry: "0"-"9" or "X". */
export const vinCheckDigit = checkDigitOf;
export { hasValidCheckDigit };

/**
 * Where the caret belongs after normalising: the characters kept before it stay before it, so
 * typing or deleting in the middle of a VIN does not throw the caret to the end.
 */
export function caretAfterNormalising(text: string, caret: number): number {
  return normaliseVin(text.slice(0, caret)).length;
}
