import { isAssetObject } from "./asset-refs";
import type { Values } from "./value-path";

/**
 * Answers kept in this browser when the session ends while a form is being filled (signed out in
 * another tab, both tokens expired), per person and form, and put back after signing in again.
 */
export const DRAFT_PREFIX = "fleetforms.draft.";
/** An old draft is not worth restoring over a fresh start. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const draftKey = (userId: string, formId: number) => `${DRAFT_PREFIX}${userId}.${formId}`;

/** What of the answers can outlive the page: files already stored keep their reference; ones on the way or failed are dropped. */
export function keepableAnswers(value: unknown, depth = 0): unknown {
  if (depth > 32) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => keepableAnswers(item, depth + 1)).filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (value !== null && typeof value === "object") {
    if (isAssetObject(value)) {
      const asset = value as { id?: number; fileType?: string; fileName?: string; status?: string };
      if (typeof asset.id !== "number" || (asset.status !== undefined && asset.status !== "valid")) return undefined;
      return { type: "asset", id: asset.id, fileType: asset.fileType, fileName: asset.fileName };
    }
    const entries = Object.entries(value).flatMap(([key, inner]) => {
      const kept = keepableAnswers(inner, depth + 1);
      return kept === undefined ? [] : [[key, kept] as const];
    });
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value === "" ? undefined : value;
}

export function saveDraft(storage: KeyValueStore | undefined, userId: string, formId: number, values: Values, now = Date.now()): boolean {
  const kept = keepableAnswers(values);
  if (!storage || kept === undefined) return false;
  try {
    storage.setItem(draftKey(userId, formId), JSON.stringify({ savedAt: now, values: kept }));
    return true;
  } catch {
    // a full or blocked storage: the answers cannot be kept
    return false;
  }
}

/** The draft for this person and form, if there is a recent one. */
export function loadDraft(storage: KeyValueStore | undefined, userId: string, formId: number, now = Date.now()): Values | undefined {
  try {
    const raw = storage?.getItem(draftKey(userId, formId));
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as { savedAt?: unknown; values?: unknown };
    if (typeof draft.savedAt !== "number" || now - draft.savedAt > DRAFT_MAX_AGE_MS) return undefined;
    return draft.values && typeof draft.values === "object" && !Array.isArray(draft.values) ? (draft.values as Values) : undefined;
  } catch {
    return undefined;
  }
}

export function clearDraft(storage: KeyValueStore | undefined, userId: string, formId: number): void {
  try {
    storage?.removeItem(draftKey(userId, formId));
  } catch {
    // blocked storage held no draft either
  }
}

export function localStore(): KeyValueStore | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
