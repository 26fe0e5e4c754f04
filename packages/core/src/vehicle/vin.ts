/**
 * The VIN rule (docs/api-vehicles.md), shared by the API and the web form (STYLE rule 2). Pure: no Node,
 * no AWS, so the web bundle can import it.
 */

/** Upper-cased, spaces and dashes removed. */
export const normalizeVin = (vin: string) => vin.toUpperCase().replace(/[\s-]/g, "");
/** 17 digits and capital letters other than I, O and Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const TRANSLITERATION: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American check digit (49 CFR 565): the weighted sum of the transliterated characters mod 11, 10 being X. */
export function checkDigitOf(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = vin[i]!;
    sum += (/\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0)) * WEIGHTS[i]!;
  }
  const digit = sum % 11;
  return digit === 10 ? "X" : String(digit);
}

/** A well-formed VIN whose ninth character is its check digit. */
export const hasValidCheckDigit = (vin: string) => VIN_PATTERN.test(vin) && vin[8] === checkDigitOf(vin);
