/**
 * docs/api-vehicles.md: a VIN is 17 digits and capital letters other than I, O and Q, once it is
 * upper-cased and its spaces and dashes are removed. The server applies the same rule; the form
 * checks it first so the person hears about it without a round trip.
 */
export const VIN_LENGTH = 17;
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** What the VIN box shows while typing: upper case, without spaces or dashes. */
export function normaliseVin(text: string): string {
  return text.toUpperCase().replace(/[\s-]+/g, "");
}

/** An empty VIN is allowed (equipment without one); anything else must match the pattern. */
export function isValidVin(vin: string): boolean {
  return vin === "" || VIN_PATTERN.test(vin);
}

const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American check digit (position 9) a well-formed VIN should carry: "0"-"9" or "X". */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const char = vin[i]!;
    const value = /\d/.test(char) ? Number(char) : TRANSLITERATION[char]!;
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** True when a well-formed VIN's ninth character is its check digit. */
export function hasValidCheckDigit(vin: string): boolean {
  return VIN_PATTERN.test(vin) && vin[8] === vinCheckDigit(vin);
}

/**
 * Where the caret belongs after normalising: the characters kept before it stay before it, so
 * typing or deleting in the middle of a VIN does not throw the caret to the end.
 */
export function caretAfterNormalising(text: string, caret: number): number {
  return normaliseVin(text.slice(0, caret)).length;
}
