import { api } from "@/lib/api-client";
import type { CompanyDocument, DocumentFields } from "../types";

/** `GET /v2/assets/{id}`: one document (404 asset.not_found when the caller may not see it). */
export async function getDocument(id: number): Promise<CompanyDocument> {
  return (await api<{ asset: CompanyDocument }>(`/v2/assets/${id}`)).asset;
}

/** `PUT /v2/assets/{id}`: the document as the body, with the version read (409 record.stale). */
export async function updateDocument(document: CompanyDocument, fields: DocumentFields): Promise<CompanyDocument> {
  const body = { ...document, ...fields, version: document.version };
  return (await api<{ asset: CompanyDocument }>(`/v2/assets/${document.id}`, { method: "PUT", body })).asset;
}

/** `DELETE /v2/assets/{id}`: the document, every version and their files. */
export async function deleteDocument(id: number): Promise<void> {
  await api<{ deleted: boolean }>(`/v2/assets/${id}`, { method: "DELETE" });
}
