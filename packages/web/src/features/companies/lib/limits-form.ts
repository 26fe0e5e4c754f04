import type * as z from "@fleetforms/core/util/zod";
import { LimitsInput } from "@fleetforms/core/company/schemas";
import { LIMIT_KEYS, type LimitKey, type Limits } from "../types";

/** The limits form's text, storage in gigabytes (GiB, as the 5 GB default is 5 × 1024³ bytes). */
export type LimitsDraft = Record<LimitKey, string>;
export const GIB = 1024 ** 3;

const shown = (key: LimitKey, value: number) => (key === "storageBytes" ? String(Math.round((value / GIB) * 100) / 100) : String(value));

/** The form starts from the limits in force. */
export function draftOf(limits: Limits): LimitsDraft {
  return Object.fromEntries(LIMIT_KEYS.map((key) => [key, shown(key, limits[key])])) as LimitsDraft;
}

function parse(key: LimitKey, text: string): number {
  const normal = text.replace(",", ".");
  if (key === "storageBytes") return /^\d+(\.\d+)?$/.test(normal) ? Math.round(Number(normal) * GIB) : NaN;
  return /^\d+$/.test(normal) ? Number(normal) : NaN;
}

export type LimitsBody = z.output<typeof LimitsInput>;

/**
 * `PUT /company/{id}/limits` from the form: only the limits the provider changed are sent; an emptied one
 * is `null` (back to the default). Checked with the API's own schema (STYLE rule 2); the keys that fail
 * come back as `invalid`.
 */
export function limitsBody(draft: LimitsDraft, current: Limits): { body: LimitsBody; invalid: LimitKey[] } {
  const start = draftOf(current);
  const body: Record<string, number | null> = {};
  const invalid: LimitKey[] = [];
  for (const key of LIMIT_KEYS) {
    const text = draft[key].trim();
    if (text === start[key]) continue;
    if (text === "") {
      body[key] = null;
      continue;
    }
    const value = parse(key, text);
    if (Number.isNaN(value)) invalid.push(key);
    else body[key] = value;
  }
  const parsed = LimitsInput.safeParse(body);
  if (!parsed.success) for (const issue of parsed.error.issues) if (!invalid.includes(issue.path[0] as LimitKey)) invalid.push(issue.path[0] as LimitKey);
  return { body: parsed.success ? parsed.data : {}, invalid };
}
