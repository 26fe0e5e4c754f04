import type { FormDefinition } from "@fleetforms/core/form/definition";
import type { PerLanguage } from "@fleetforms/core/form/fields";
import type { REPORT_FORMATS } from "@fleetforms/core/report/schemas";

export type FormState = "draft" | "assigned" | "active" | "inactive";
export type FormStatus = "draft" | "active" | "inactive";
export type Role = "user" | "admin" | "viewer" | "inactive" | "orgadmin";
export type Lang = "en" | "es";

/** A form as GET /form and GET /form/{formId} return it (SPEC §3 Form). */
export interface Form {
  id: number;
  formId: number;
  name: string;
  description?: string;
  /** per language (issue 19); "" is a translation not written yet */
  names?: PerLanguage;
  descriptions?: PerLanguage;
  link?: string;
  supportsAmendments: boolean;
  canBeShared: boolean;
  needsApproval: boolean;
  supportsAdditionalResponses: boolean;
  isActive: boolean;
  status: FormStatus;
  /** computed by the server for the caller (draft, assigned, active, inactive) */
  state?: FormState;
  assignedUserIds?: string[];
  assignedRoles?: Role[];
  /** a JSON string; only on GET /form/{formId} and saves */
  formDefinition?: string;
  definitionVersion?: number;
  hasTemplate?: boolean;
  submissionCount?: number;
  version?: number;
  updatedAt?: string;
}

/** The fields an administrator edits on POST /form. */
export interface FormFieldsInput {
  names: PerLanguage;
  descriptions: PerLanguage;
  link: string;
  supportsAmendments: boolean;
  canBeShared: boolean;
  needsApproval: boolean;
  supportsAdditionalResponses: boolean;
  isActive: boolean;
  status: FormStatus;
  assignedRoles: Role[];
  assignedUserIds: string[];
}

export interface SubmissionEntry {
  id: number;
  submissionId: number;
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
}

export interface SubmissionPage {
  submissions: SubmissionEntry[];
  totalPages: number;
}

/** GET /submissions/{id} as the form screen needs it. */
export interface SubmissionDetail extends SubmissionEntry {
  lang: Lang;
  values: Record<string, unknown>;
  formDefinition: string;
  canAmend: boolean;
}

export interface Vehicle {
  id: string;
  vehicleNumber: string;
  vin?: string;
  description?: string;
  type?: string;
  /** issue 42: the vehicle's last report has an open out-of-service defect (GET /vehicles/out-of-service) */
  outOfService?: boolean;
}

export interface FormTemplate {
  formTemplate: string;
  exampleData: string;
}

export type { FormDefinition };

/** docs/api-reports.md "Exports of the submissions list": an export and its progress, its links once stored. */
export interface SubmissionExport {
  id: string;
  format: ExportFormat;
  formId: number | null;
  lang: Lang;
  status: "queued" | "running" | "succeeded" | "failed";
  /** rows written so far, and expected */
  processed: number;
  total: number;
  /** a large export is also e-mailed to its requester */
  emailed: boolean;
  fileName: string | null;
  /** once succeeded: each file, with the link that downloads it (valid 7 days) */
  parts: { part: number; fileName: string; bytes: number; url: string }[];
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export type ExportFormat = (typeof REPORT_FORMATS)[number];
