/** docs/api-documents.md "The category". */
export interface Category {
  id: number;
  code: string;
  name: string;
  description: string;
  isGlobal: boolean;
  offlineAccess: boolean;
  documentCount: number;
  version: number;
  createdAt?: string;
  updatedAt?: string;
}

/** What the category form sends (POST takes isGlobal; PUT ignores it and keeps the code). */
export interface CategoryInput {
  code: string;
  name: string;
  description: string;
  isGlobal: boolean;
  offlineAccess: boolean;
}

/** An earlier file of a document, newest first; its assetId opens that version through the asset calls. */
export interface DocumentVersion {
  assetId: number;
  fileName: string;
  fileType: string;
  size: number;
  uploadedAt: string;
  uploadedBy: string;
}

export type Expiry = "expired" | "soon" | "";

/** docs/api-documents.md "The document (as the asset calls answer it)". */
export interface CompanyDocument {
  id: number;
  assetId: number;
  kind: "document";
  name: string;
  description: string;
  fileName: string;
  fileType: string;
  size: number;
  uploadStatus?: string;
  validationStatus: "pending" | "valid" | "error";
  validationMessage?: string;
  category: string;
  restricted: boolean;
  expiresOn: string;
  expiry: Expiry;
  daysToExpiry: number | null;
  vehicleId: string;
  userId: string;
  uploadedBy: string;
  uploadedById: string;
  createdAt: string;
  updatedAt?: string;
  version: number;
  versions?: DocumentVersion[];
}

/** The fields of a document the edit form and the upload send. */
export interface DocumentFields {
  name: string;
  description: string;
  category: string;
  restricted: boolean;
  expiresOn: string;
  vehicleId: string;
  userId: string;
}

/** `GET /v2/assets/company` sort fields (a leading "-" sorts descending). */
export const SORT_FIELDS = ["createdAt", "name", "size", "fileType", "expiresOn", "category"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** The sorts the documents page offers, each a `sort` value and the words for it. */
export const SORT_OPTIONS = [
  { value: "-createdAt", key: "newest" },
  { value: "createdAt", key: "oldest" },
  { value: "name", key: "nameAsc" },
  { value: "-name", key: "nameDesc" },
  { value: "-size", key: "largest" },
  { value: "size", key: "smallest" },
  { value: "fileType", key: "type" },
  { value: "expiresOn", key: "expiry" },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]["value"];

/** The query of `GET /v2/assets/company`, without the cursor (paging adds it). */
export interface DocumentsQuery {
  search?: string;
  category?: string;
  expiring?: boolean;
  sort?: SortValue;
  vehicleId?: string;
  userId?: string;
  limit?: number;
}

export interface DocumentsPage {
  assets: CompanyDocument[];
  nextCursor: string | null;
}

/** A vehicle or person a document can belong to, as the pickers list them. */
export interface Option {
  id: string;
  label: string;
}
