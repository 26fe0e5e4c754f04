export type Lang = "en" | "es";
export type Role = "user" | "admin" | "viewer" | "inactive" | "orgadmin";

/** SPEC §3 Submission: an amendment history entry; values only for administrators (SPEC §6). */
export interface HistoryEntry {
  version: number;
  kind: "amend" | "approve" | "send_back";
  field: string;
  label: string;
  changedAt: string;
  changedBy: string;
  comment?: string;
  previousValue?: unknown;
  currentValue?: unknown;
  previousText?: string;
  currentText?: string;
}

/** GET /submissions/{id}. */
export interface SubmissionDetail {
  id: number;
  formId: number;
  formName: string;
  status: string;
  version: number;
  submittedBy: string;
  createdAt: string;
  updatedAt: string;
  lastUpdated: string;
  updatedBy: string;
  lang: Lang;
  review: { reviewedBy: string; reviewedAt: string; comment: string } | null;
  form: { id: number; name: string; supportsAmendments: boolean; canBeShared: boolean; needsApproval: boolean };
  amendmentHistory: HistoryEntry[];
  canAmend: boolean;
  canApprove: boolean;
  canShare: boolean;
}

export type PreviewNode =
  | { kind: "section"; label: string; children: PreviewNode[] }
  | { kind: "group"; name: string; label: string; items: { label: string; children: PreviewNode[] }[] }
  | { kind: "field"; name: string; type: string; label: string; answer: string; assets: { id: number; fileName: string; fileType: string; src: string }[] };

/** GET /submissions/preview/{id}: the answers as the PDF shows them. */
export interface SubmissionPreview {
  id: number;
  title: string;
  lang: Lang;
  sections: PreviewNode[];
}

export interface ShareLink {
  token: string;
  path: string;
  url: string;
  expiresAt: string;
}
