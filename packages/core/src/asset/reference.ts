/**
 * Asset references inside form values (SPEC §3 "Asset reference", §5). A pure
 * module: the web app reduces values with it before `POST /submissions/save`
 * and the server normalises with the same rules.
 */
export interface AssetRef {
  type: "asset";
  id: number;
  fileType: string;
}

export const UNKNOWN_FILE_TYPE = "unknown";
const MAX_DEPTH = 32;

/** A positive integer id, from a number or a string of digits. */
export function assetIdOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === "string" && /^[1-9]\d{0,14}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

export const isAssetObject = (value: unknown): value is { type: "asset"; id?: unknown; assetId?: unknown; fileType?: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as { type?: unknown }).type === "asset";

/**
 * One value as an asset reference: an object marked `type: "asset"` with an
 * id, or a bare string or number (treated as the id). fileType defaults to 'unknown'.
 */
export function toAssetRef(value: unknown): AssetRef | undefined {
  if (isAssetObject(value)) {
    const id = assetIdOf(value.id ?? value.assetId);
    if (id === undefined) return undefined;
    const fileType = typeof value.fileType === "string" && value.fileType.trim() ? value.fileType.trim().slice(0, 100) : UNKNOWN_FILE_TYPE;
    return { type: "asset", id, fileType };
  }
  const id = assetIdOf(value);
  return id === undefined ? undefined : { type: "asset", id, fileType: UNKNOWN_FILE_TYPE };
}

/**
 * Walks values recursively and reduces every object marked as an asset with
 * an id to `{ type: "asset", id, fileType }` (SPEC §5). Other values pass
 * through unchanged; nesting deeper than 32 levels is cut off.
 */
export function reduceAssets<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH) return undefined as T;
  if (Array.isArray(value)) return value.map((item) => reduceAssets(item, depth + 1)) as T;
  if (value === null || typeof value !== "object") return value;
  if (isAssetObject(value)) {
    const ref = toAssetRef(value);
    if (ref) return ref as T;
  }
  // fromEntries defines own properties, so a "__proto__" key stays data
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reduceAssets(item, depth + 1)])) as T;
}

export const isAssetRef = (value: unknown): value is AssetRef =>
  isAssetObject(value) && typeof (value as AssetRef).id === "number" && typeof (value as AssetRef).fileType === "string";

/** Every asset reference inside values, however deep (at most 32 levels). */
export function assetRefsIn(value: unknown, depth = 0, found: AssetRef[] = []): AssetRef[] {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return found;
  if (isAssetRef(value)) {
    found.push(value);
    return found;
  }
  for (const item of Array.isArray(value) ? value : Object.values(value)) assetRefsIn(item, depth + 1, found);
  return found;
}

/** Values with each asset reference given a field beside it (the file name, for screens); the rest unchanged. */
export function annotateAssets<T>(value: T, describe: (ref: AssetRef) => Record<string, unknown> | undefined, depth = 0): T {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (isAssetRef(value)) return { ...value, ...describe(value) } as T;
  if (Array.isArray(value)) return value.map((item) => annotateAssets(item, describe, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, annotateAssets(item, describe, depth + 1)])) as T;
}
