import { AssetEntity, type AssetItem } from "./asset.entity";
import { annotateAssets, assetRefsIn } from "./reference";
import * as Storage from "./storage";

/*
 * The reads and the one write a submission makes of its photos and files: what the submission functions
 * need of assets, without the upload, validation and document code of ./index (issue 10: a function carries
 * what it uses).
 */

/** One asset of a company, by id. */
export async function fromId(companyId: string, assetId: number): Promise<AssetItem | undefined> {
  const { data } = await AssetEntity.get({ companyId, assetId }).go();
  return data ?? undefined;
}

/** Several assets of one company at once (a submission's photos), by id. */
export async function manyFromIds(companyId: string, assetIds: number[]): Promise<Map<number, AssetItem>> {
  // the entity asks for 100 keys a BatchGetItem
  const { data } = await AssetEntity.get([...new Set(assetIds)].map((assetId) => ({ companyId, assetId }))).go();
  return new Map(data.map((found) => [found.assetId, found]));
}

/** Values as screens show them: each asset reference also names its file (the stored reference holds only id and type). */
export async function withFileNames<T>(companyId: string, values: T): Promise<T> {
  const refs = assetRefsIn(values);
  if (refs.length === 0) return values;
  const assets = await manyFromIds(companyId, refs.map((ref) => ref.id));
  return annotateAssets(values, (ref) => {
    const asset = assets.get(ref.id);
    return asset ? { fileName: asset.fileName } : undefined;
  });
}

/** Marks assets as part of a submission by `authorId`, so they are kept, and its author may read them. */
export async function attach(companyId: string, assetIds: number[], authorId: string) {
  await Promise.all(
    [...new Set(assetIds)].map((assetId) => AssetEntity.patch({ companyId, assetId }).set({ attached: true, attachedFor: authorId }).go().catch(() => undefined)),
  );
}

/** The bytes of an asset already read and checked valid by the caller. */
export async function bytesOf(asset: AssetItem): Promise<{ contentType: string; body: Buffer; fileName: string } | undefined> {
  if (asset.validationStatus !== "valid") return undefined;
  const body = await Storage.read(Storage.assetKey(asset.companyId, asset.assetId));
  return body ? { contentType: asset.fileType, body, fileName: asset.fileName } : undefined;
}

/** A validated asset's bytes, for the PDF renderer; undefined for anything else. */
export async function content(companyId: string, assetId: number): Promise<{ contentType: string; body: Buffer; fileName: string } | undefined> {
  const asset = await fromId(companyId, assetId);
  if (!asset || asset.validationStatus !== "valid") return undefined;
  const body = await Storage.read(Storage.assetKey(companyId, assetId));
  return body ? { contentType: asset.fileType, body, fileName: asset.fileName } : undefined;
}

