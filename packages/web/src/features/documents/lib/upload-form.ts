/** docs/api-documents.md: a document is at most 25 MB (the DOCUMENT_MAX_MB setting). */
export const DOCUMENT_MAX_MB = 25;
export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MB * 1024 * 1024;
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 1000;

/** What the file picker offers; the server checks each file by its content whatever the picker allowed. */
export const ACCEPT = [
  ".pdf",
  ".jpg",
  ".jpeg",
  ".png",
  ".webp",
  ".heic",
  ".heif",
  ".gif",
  ".doc",
  ".docx",
  ".xls",
  ".xlsx",
  ".ppt",
  ".pptx",
  ".csv",
  ".txt",
].join(",");

const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heif",
  gif: "image/gif",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  csv: "text/csv",
  txt: "text/plain",
};

/** The type to announce for a file: the browser's, or one from the extension when the browser has none (HEIC on many systems). */
export function fileTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  return TYPES_BY_EXTENSION[extension] ?? "application/octet-stream";
}

/** A document's name, prefilled from its file: the file name without its extension. */
export function nameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]{1,8}$/, "").trim();
  return (base || fileName).slice(0, NAME_MAX);
}

/** One file of an upload, with what belongs to it alone. */
export interface UploadDraft {
  key: string;
  file: { name: string; size: number; type: string } | null;
  name: string;
  restricted: boolean;
  expiresOn: string;
  vehicleId: string;
}

/** What every file of one upload shares. */
export interface UploadShared {
  category: string;
  description: string;
  userId: string;
}

export type UploadProblem = "incomplete" | "tooLarge" | "expiry";

export interface UploadCheck {
  /** SPEC §5: "Documents need a selected file, a document name, and a category code and name" */
  incomplete: boolean;
  /** the problems of each file, by its key */
  files: Record<string, UploadProblem[]>;
  ok: boolean;
}

/** The translation key of each problem (the incomplete one is SPEC §5's message). */
export const PROBLEM_KEYS: Readonly<Record<UploadProblem, string>> = {
  incomplete: "documents.validation.incomplete",
  tooLarge: "documents.validation.tooLarge",
  expiry: "documents.validation.expiry",
};

const isDay = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
};

/** The SPEC §5 rule, checked before anything is sent: each file chosen and named, a category chosen; and the API's size and date limits. */
export function checkUpload(drafts: readonly UploadDraft[], shared: UploadShared): UploadCheck {
  const files: Record<string, UploadProblem[]> = {};
  let incomplete = drafts.length === 0 || !shared.category.trim();
  for (const draft of drafts) {
    const problems: UploadProblem[] = [];
    if (!draft.file || !draft.name.trim()) {
      problems.push("incomplete");
      incomplete = true;
    }
    if (draft.file && draft.file.size > DOCUMENT_MAX_BYTES) problems.push("tooLarge");
    if (draft.expiresOn && !isDay(draft.expiresOn)) problems.push("expiry");
    if (problems.length) files[draft.key] = problems;
  }
  return { incomplete, files, ok: !incomplete && Object.keys(files).length === 0 };
}

/** The body of `POST /v2/assets/upload-url` for one new document (docs/api-documents.md "Upload"). */
export function uploadBody(draft: UploadDraft, shared: UploadShared, file: { name: string; size: number; type: string }) {
  return {
    fileName: file.name,
    fileType: fileTypeOf(file),
    size: file.size,
    name: draft.name.trim(),
    category: shared.category,
    description: shared.description.trim(),
    restricted: draft.restricted,
    expiresOn: draft.expiresOn,
    vehicleId: draft.vehicleId,
    userId: shared.userId,
  };
}
