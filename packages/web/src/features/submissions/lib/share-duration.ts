import type { TFunction } from "i18next";

/** How long a share link lasts, as people say it: whole days in days ("7 days"), else hours. */
export function shareDuration(hours: number, t: TFunction): string {
  return hours % 24 === 0 ? t("submissions.share.days", { count: hours / 24 }) : t("submissions.share.hours", { count: hours });
}
