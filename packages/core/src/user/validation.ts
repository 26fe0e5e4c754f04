import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";

/** SPEC §5: starts with a letter, 5-20 characters, letters, numbers and underscores; sent lower-cased. */
export const USERNAME_PATTERN = /^[a-z][a-z0-9_]{4,19}$/;
export const Username = z
  .string({ error: "Username is required" })
  .trim()
  .toLowerCase()
  .min(1, "Username is required")
  .regex(USERNAME_PATTERN, "Username must start with a letter and be 5-20 letters, numbers or underscores");

export const Email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .email("Please enter a valid email address");

/** DESIGN §5 / NIST 800-63B: at least 8, long ones accepted, common ones refused, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const Password = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), "This password is too common. Choose another.");

/**
 * SPEC §5: digits only; ten digits get a leading 1; the result must be eleven
 * digits starting with 1, otherwise null.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (!input) return null;
  const digits = input.replace(/\D/g, "");
  const withCountry = digits.length === 10 ? `1${digits}` : digits;
  return withCountry.length === 11 && withCountry.startsWith("1") ? withCountry : null;
}
