import type { PerLanguage } from "@fleetforms/core/form/fields";

/** docs/api-dashboards.md `GET /activity`: the kinds a feed can be narrowed to. */
export const ACTIVITY_KINDS = ["submission", "form", "user", "company", "document", "vehicle", "dashboard", "billing", "report"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One change: who, what, when, on which object (and its link), and for edits the fields changed. */
export interface ActivityEntry {
  id: string;
  at: string;
  actorId: string;
  actorName: string;
  action: string;
  kind: string;
  /** `names`: a form's or submission's form name in each language, while it has not been renamed since */
  subject: { type: string; id: string; name?: string; names?: PerLanguage };
  link?: string | null;
  /** field → [before, after] */
  changes?: Record<string, [unknown, unknown]> | null;
}

export interface ActivityPage {
  activity: ActivityEntry[];
  nextCursor: string | null;
}

/** The feed's filters, as the page's address carries them. */
export interface ActivityQuery {
  userId?: string;
  kind?: ActivityKind;
  from?: string;
  to?: string;
}

/** A person the feed can be narrowed to (`GET /company/{companyId}/users`). */
export interface Person {
  id: string;
  username: string;
  firstName?: string;
  lastName?: string;
}
