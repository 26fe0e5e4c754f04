/**
 * Asset references in form values (SPEC §3 "Asset reference", §5). Pure, so
 * the values sent to POST /submissions/save can be checked without a browser.
 */

export interface AssetRef {
  type: "asset";
  id: number;
  fileType: string;
}

/** SPEC §3: fileType defaults to 'unknown'. */
export const UNKNOWN_FILE_TYPE = "unknown";
/** Values nest a few levels (groups of items); anything deeper is not an answer. */
const MAX_DEPTH = 32;

/** A positive whole number, from a number or a string of digits. */
export function assetIdOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === "string" && /^[1-9]\d{0,14}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

type AssetLike = { type: "asset"; id?: unknown; assetId?: unknown; fileType?: unknown };

export const isAssetObject = (value: unknown): value is AssetLike =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as { type?: unknown }).type === "asset";

const fileTypeOf = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : UNKNOWN_FILE_TYPE);

/**
 * One value as an asset reference: an object marked `type: "asset"` with an
 * id, or a bare string or number, which is the asset's id.
 */
export function toAssetRef(value: unknown): AssetRef | undefined {
  if (isAssetObject(value)) {
    const id = assetIdOf(value.id ?? value.assetId);
    return id === undefined ? undefined : { type: "asset", id, fileType: fileTypeOf(value.fileType) };
  }
  const id = assetIdOf(value);
  return id === undefined ? undefined : { type: "asset", id, fileType: UNKNOWN_FILE_TYPE };
}

/**
 * SPEC §5: walks form values recursively and reduces every object marked as
 * an asset with an id to `{ type: "asset", id, fileType }`, dropping what the
 * screen kept beside it (file name, preview URL, progress). Everything else
 * passes through as it is.
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
