import { getRecord, pruneRecords, putRecord, recordsOf, scopedKey, type DeviceRecord, type PersonScope } from "@/lib/device-db";
import { contentUrl, getAssetToken } from "../api/get-asset-token";
import { getCategories } from "../api/get-categories";
import { getDocuments } from "../api/get-documents";
import type { Category, CompanyDocument } from "../types";

/**
 * Documents of the categories marked for offline access (SPEC §3 document category), kept on the device for
 * the person who may see them (issue 20): the list comes from the same call the documents page makes, so a
 * restricted document is kept only for someone the server shows it to; refreshed while online, and a
 * document no longer listed (restricted since, its category unflagged, deleted) leaves the device.
 */
export interface DocumentOnDevice extends DeviceRecord {
  documentId: number;
  document: CompanyDocument;
  blob: Blob;
  savedAt: number;
}

/** A phone's storage is not a file server: big files and long lists stay online. */
export const OFFLINE_LIMITS = { maxFileBytes: 25 * 1024 * 1024, maxDocuments: 100 };

export interface DocumentSteps {
  categories: () => Promise<Category[]>;
  documents: (category: string) => Promise<CompanyDocument[]>;
  content: (document: CompanyDocument) => Promise<Blob>;
}

const defaultSteps: DocumentSteps = {
  categories: getCategories,
  documents: async (category) => (await getDocuments({ category, limit: OFFLINE_LIMITS.maxDocuments })).assets,
  async content(document) {
    const response = await fetch(contentUrl(document.assetId, await getAssetToken(document.assetId)));
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
    return response.blob();
  },
};

export async function refreshDocumentsOnDevice(scope: PersonScope, steps: DocumentSteps = defaultSteps, now = Date.now()): Promise<number> {
  const offline = (await steps.categories()).filter((category) => category.offlineAccess);
  const listed: CompanyDocument[] = [];
  for (const category of offline) listed.push(...(await steps.documents(category.code)));
  const wanted = listed.filter((document) => document.validationStatus === "valid" && document.size <= OFFLINE_LIMITS.maxFileBytes).slice(0, OFFLINE_LIMITS.maxDocuments);
  for (const document of wanted) {
    const key = scopedKey(scope, document.id);
    const kept = await getRecord<DocumentOnDevice>("documents", key);
    if (kept && kept.document.assetId === document.assetId && kept.document.version === document.version) {
      await putRecord<DocumentOnDevice>("documents", { ...kept, document });
      continue;
    }
    try {
      await putRecord<DocumentOnDevice>("documents", { key, ...scope, documentId: document.id, document, blob: await steps.content(document), savedAt: now });
    } catch (error) {
      console.warn("document not kept on the device", document.id, error);
    }
  }
  const ids = new Set(wanted.map((document) => document.id));
  await pruneRecords<DocumentOnDevice>("documents", scope, (record) => ids.has(record.documentId));
  return wanted.length;
}

export async function documentsOnDevice(scope: PersonScope): Promise<DocumentOnDevice[]> {
  return (await recordsOf<DocumentOnDevice>("documents", scope)).sort((a, b) => a.document.name.localeCompare(b.document.name));
}
