import type { Category, CompanyDocument } from "../types";

export type Role = "user" | "admin" | "viewer" | "inactive" | "orgadmin";

/** Who is looking: the token's role, user id and username. */
export interface Viewer {
  role: Role | null;
  userId: string | null;
  username: string | null;
}

export const isAdmin = (viewer: Viewer) => viewer.role === "admin" || viewer.role === "orgadmin";

/** docs/api-documents.md: user, orgadmin and admin upload documents (viewers only read). */
export const canUpload = (viewer: Viewer) => viewer.role === "user" || isAdmin(viewer);

/** The uploader, an orgadmin or an admin edits, replaces or deletes a document (the API checks it again). */
export function canManage(document: Pick<CompanyDocument, "uploadedById" | "uploadedBy">, viewer: Viewer): boolean {
  if (isAdmin(viewer)) return true;
  if (viewer.role !== "user") return false;
  return Boolean((viewer.userId && document.uploadedById === viewer.userId) || (viewer.username && document.uploadedBy === viewer.username));
}

/** Orgadmins and admins manage the company's categories; only provider administrators (role admin) the global ones. */
export const canManageCategories = (viewer: Viewer) => isAdmin(viewer);
export const canChangeCategory = (category: Pick<Category, "isGlobal">, viewer: Viewer) => (category.isGlobal ? viewer.role === "admin" : isAdmin(viewer));
