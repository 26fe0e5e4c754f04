import type { PerLanguage } from "@fleetforms/core/form/fields";

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
  formNames?: PerLanguage;
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
  /** the submitter and the company's administrators, on forms with canBeShared */
  canShare: boolean;
  /** administrators: list and revoke the submission's share links */
  canManageShares: boolean;
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
  shareId: string;
  token: string;
  path: string;
  url: string;
  expiresAt: string;
}

/** GET /submissions/{id}/shares: a share link as administrators see it, with its newest opens. */
export interface ShareSummary {
  shareId: string;
  status: "live" | "revoked" | "expired";
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
  openCount: number;
  lastOpenedAt: string | null;
  opens: { openedAt: string; address: string; userAgent: string }[];
}
