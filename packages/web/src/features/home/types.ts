import type { PerLanguage } from "@fleetforms/core/form/fields";

/** SPEC §4 form states, as the home page counts them. */
export const FORM_STATES = ["draft", "assigned", "active", "inactive"] as const;
export type FormState = (typeof FORM_STATES)[number];

export interface HomeDashboard {
  id: string;
  name: string;
  description?: string;
  pinned: boolean;
  lastOpenedAt?: string | null;
}

export interface HomeFormGroup {
  count: number;
  items: { id: number | string; name: string; names?: PerLanguage }[];
}

export interface HomeSubmission {
  id: number | string;
  formId: number | string;
  formName: string;
  formNames?: PerLanguage;
  status: string;
  updatedAt: string;
  /** sent back only: what the reviewer asked for, and whether the form lets the submitter fix it */
  comment?: string;
  reviewedBy?: string;
  reviewedAt?: string | null;
  canAmend?: boolean;
}

/**
 * `GET /home` (docs/api-dashboards.md). Documents and activity come in their own features' shapes; this page
 * hands them to whoever renders them, so `D` and `A` are what the app layer says they are.
 */
export interface HomeData<D = unknown, A = unknown> {
  dashboards: HomeDashboard[];
  forms: Record<FormState, HomeFormGroup>;
  submissions: { waiting: HomeSubmission[]; sentBack: HomeSubmission[] };
  documents: D[];
  activity: A[];
}
