import type { Actor } from "../auth/claims";
import * as Asset from "../asset/read";
import type { AssetItem } from "../asset/asset.entity";
import { isAssetRef } from "../asset/reference";
import type { AssetInfo, Lang as DocLang } from "../form/display";
import type { Values } from "../form/values";
import * as User from "../user";

/* What the PDF and the on-screen preview of a submission share: its language and the files its answers name. */

export async function languageOf(actor: Actor | undefined, asked: DocLang | undefined, fallback: DocLang): Promise<DocLang> {
  if (asked) return asked;
  if (!actor) return fallback;
  const user = await User.fromId(actor.userId);
  return user?.lang === "es" ? "es" : "en";
}

export function assetIdsIn(values: Values): number[] {
  const ids: number[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 8) return;
    if (isAssetRef(value)) ids.push(value.id);
    else if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
    else if (value && typeof value === "object") Object.values(value).forEach((item) => visit(item, depth + 1));
  };
  visit(values, 0);
  return [...new Set(ids)];
}

export const infoOf = (items: Map<number, AssetItem>) => new Map([...items].map(([id, asset]) => [id, { fileName: asset.fileName, fileType: asset.fileType } satisfies AssetInfo]));

export async function assetInfo(companyId: string, values: Values): Promise<Map<number, AssetInfo>> {
  return infoOf(await Asset.manyFromIds(companyId, assetIdsIn(values)));
}
