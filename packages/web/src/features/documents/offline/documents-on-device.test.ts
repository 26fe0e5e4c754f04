import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { documentsOnDevice, refreshDocumentsOnDevice, type DocumentSteps } from "./documents-on-device";
import type { Category, CompanyDocument } from "../types";

const category = (code: string, offlineAccess: boolean) => ({ id: code.length, code, name: code, description: "", isGlobal: false, offlineAccess, documentCount: 1, version: 1 }) as Category;
const document = (id: number, category: string, fields: Partial<CompanyDocument> = {}) =>
  ({ id, assetId: id * 10, kind: "document", name: `Doc ${id}`, fileName: `doc-${id}.pdf`, fileType: "application/pdf", size: 100, validationStatus: "valid", category, restricted: false, version: 1, ...fields }) as CompanyDocument;

function steps(categories: Category[], documents: CompanyDocument[]) {
  const fetched: number[] = [];
  const result: DocumentSteps = {
    categories: async () => categories,
    documents: async (code) => documents.filter((item) => item.category === code),
    content: async (item) => {
      fetched.push(item.id);
      return new Blob([`%PDF-${item.id}`]);
    },
  };
  return { steps: result, fetched };
}

describe("documents kept on the device", () => {
  it("keeps the listed documents of offline categories only, fetching each file once per version", async () => {
    const scope = { userId: "driver-docs", companyId: "acme" };
    const server = steps([category("SAFETY", true), category("HR", false)], [document(1, "SAFETY"), document(2, "HR"), document(3, "SAFETY", { validationStatus: "pending" })]);
    await refreshDocumentsOnDevice(scope, server.steps);
    expect((await documentsOnDevice(scope)).map((record) => record.documentId)).toEqual([1]);
    await refreshDocumentsOnDevice(scope, server.steps);
    expect(server.fetched).toEqual([1]);
    expect(await documentsOnDevice({ ...scope, companyId: "beta" })).toEqual([]);
  });

  it("lets go of a document the person may no longer see (restricted since, category unflagged)", async () => {
    const scope = { userId: "driver-docs-2", companyId: "acme" };
    await refreshDocumentsOnDevice(scope, steps([category("SAFETY", true)], [document(1, "SAFETY"), document(4, "SAFETY")]).steps);
    expect(await documentsOnDevice(scope)).toHaveLength(2);
    // the server no longer lists document 4 for this person
    await refreshDocumentsOnDevice(scope, steps([category("SAFETY", true)], [document(1, "SAFETY")]).steps);
    expect((await documentsOnDevice(scope)).map((record) => record.documentId)).toEqual([1]);
    await refreshDocumentsOnDevice(scope, steps([category("SAFETY", false)], [document(1, "SAFETY")]).steps);
    expect(await documentsOnDevice(scope)).toEqual([]);
  });
});
