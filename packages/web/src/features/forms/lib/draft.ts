import { deleteRecord, getRecord, putRecord, scopedKey, type DeviceRecord, type PersonScope } from "@/lib/device-db";
import { isAssetObject } from "./asset-refs";
import type { Values } from "./value-path";

/**
 * Answers being filled, kept on this device (IndexedDB, per person, company and form) as they change,
 * online too: closing the tab, losing the battery or the session ending loses nothing, and the form
 * opens with them again (issue 20). Photos and signatures picked without a signal are kept beside them
 * as blobs (device-files.ts) and referenced by their device key.
 */
/** An old draft is not worth restoring over a fresh start. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface DraftRecord extends DeviceRecord {
  formId: number;
  savedAt: number;
  values: Values;
}

export const draftKey = (scope: PersonScope, formId: number) => scopedKey(scope, formId);

/** A file kept on the device until it can be uploaded: `deviceKey` names its blob. */
export interface DeviceAssetRef {
  type: "asset";
  deviceKey: string;
  fileType: string;
  fileName?: string;
  status: "device";
}

export const isDeviceAsset = (value: unknown): value is DeviceAssetRef =>
  isAssetObject(value) && typeof (value as { deviceKey?: unknown }).deviceKey === "string" && (value as { id?: unknown }).id === undefined;

/**
 * What of the answers can outlive the page: files already stored keep their reference, files kept on the
 * device keep their device key; ones still on their way or failed are dropped.
 */
export function keepableAnswers(value: unknown, depth = 0): unknown {
  if (depth > 32) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => keepableAnswers(item, depth + 1)).filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (value !== null && typeof value === "object") {
    if (isDeviceAsset(value)) return { type: "asset", deviceKey: value.deviceKey, fileType: value.fileType, fileName: value.fileName, status: "device" } satisfies DeviceAssetRef;
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

/** The device keys of the files inside answers, however deep. */
export function deviceKeysIn(value: unknown, depth = 0, found: string[] = []): string[] {
  if (depth > 32 || value === null || typeof value !== "object") return found;
  if (isDeviceAsset(value)) {
    found.push(value.deviceKey);
    return found;
  }
  for (const item of Array.isArray(value) ? value : Object.values(value)) deviceKeysIn(item, depth + 1, found);
  return found;
}

/** Saves the answers as this person's draft of the form; nothing answered removes the draft. */
export async function saveDraft(scope: PersonScope, formId: number, values: Values, now = Date.now()): Promise<boolean> {
  const kept = keepableAnswers(values) as Values | undefined;
  try {
    if (kept === undefined) {
      await deleteRecord("drafts", draftKey(scope, formId));
      return false;
    }
    await putRecord<DraftRecord>("drafts", { key: draftKey(scope, formId), ...scope, formId, savedAt: now, values: kept });
    return true;
  } catch (error) {
    // a full or blocked storage: the answers cannot be kept
    console.warn("draft not saved", error);
    return false;
  }
}

/** The draft for this person and form, if there is a recent one. */
export async function loadDraft(scope: PersonScope, formId: number, now = Date.now()): Promise<Values | undefined> {
  try {
    const draft = await getRecord<DraftRecord>("drafts", draftKey(scope, formId));
    if (!draft || typeof draft.savedAt !== "number" || now - draft.savedAt > DRAFT_MAX_AGE_MS) return undefined;
    return draft.values && typeof draft.values === "object" && !Array.isArray(draft.values) ? draft.values : undefined;
  } catch {
    return undefined;
  }
}

export async function clearDraft(scope: PersonScope, formId: number): Promise<void> {
  try {
    await deleteRecord("drafts", draftKey(scope, formId));
  } catch {
    // blocked storage held no draft either
  }
}
