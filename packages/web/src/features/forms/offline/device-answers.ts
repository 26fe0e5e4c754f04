import { toAssetRef } from "../lib/asset-refs";
import { isDeviceAsset, type DeviceAssetRef } from "../lib/draft";
import type { Values } from "../lib/value-path";
import { deviceFile } from "./device-files";

/** Answers to queue: stored files reduced to references, files on the device kept by their device key. */
export function queueableAnswers(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (isDeviceAsset(value)) return { type: "asset", deviceKey: value.deviceKey, fileType: value.fileType, fileName: value.fileName, status: "device" } satisfies DeviceAssetRef;
  if ((value as { type?: unknown }).type === "asset" && !Array.isArray(value)) return toAssetRef(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => queueableAnswers(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, queueableAnswers(item, depth + 1)]));
}

/** For checking the answers before queueing: a file on the device stands in as a stored one would. */
export function withStandInIds(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (isDeviceAsset(value)) return { type: "asset", id: Number.MAX_SAFE_INTEGER, fileType: value.fileType, fileName: value.fileName, status: "valid" };
  if (Array.isArray(value)) return value.map((item) => withStandInIds(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withStandInIds(item, depth + 1)]));
}

/** Restored answers with a picture for each file on the device (an object URL of its blob). */
export async function withDevicePreviews(value: unknown, depth = 0): Promise<unknown> {
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (isDeviceAsset(value)) {
    const kept = await deviceFile(value.deviceKey).catch(() => undefined);
    if (!kept) return undefined;
    return { ...value, key: value.deviceKey, progress: 1, previewUrl: kept.fileType.startsWith("image/") ? URL.createObjectURL(kept.blob) : undefined };
  }
  if (Array.isArray(value)) return (await Promise.all(value.map((item) => withDevicePreviews(item, depth + 1)))).filter((item) => item !== undefined);
  const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await withDevicePreviews(item, depth + 1)] as const));
  return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
}

export const restoredAnswers = (values: Values) => withDevicePreviews(values) as Promise<Values>;
