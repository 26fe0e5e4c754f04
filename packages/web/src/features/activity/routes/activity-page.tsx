import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { DateField } from "@/components/ui/date-input";
import { isIsoDate } from "@/lib/date-text";
import { ApiError } from "@/lib/api-client";
import { useActivityFeed } from "../api/get-activity";
import { usePeople } from "../api/get-people";
import { ActivityList } from "../components/activity-list";
import { isFiltered, ordered, queryFromSearch, searchFromQuery } from "../lib/activity-query";
import { ACTIVITY_KINDS, type ActivityKind, type ActivityQuery, type Person } from "../types";

export interface ActivityPageProps {
  companyId: string;
  /** the signed-in person, for "only mine" */
  userId: string;
  /** admins and orgadmins (and the provider administrator) see everyone's activity and pick a person */
  canSeeEveryone: boolean;
}

const personName = (person: Person) => {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  return name ? `${name} (${person.username})` : person.username;
};

/** `/activity`: what happened in the company, newest first, narrowed by person, kind and dates, paged by cursor. */
export function ActivityPage({ companyId, userId, canSeeEveryone }: ActivityPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const query = ordered(queryFromSearch(search));
  const people = usePeople(companyId, canSeeEveryone);
  const go = (next: ActivityQuery) => setSearch(searchFromQuery(next), { replace: true });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <title>{t("activity.pageTitle")}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("activity.title")}</h1>
        <p className="mt-1 text-slate-600">{t(canSeeEveryone ? "activity.intro" : "activity.introOwn")}</p>
      </div>

      <div role="search" aria-label={t("activity.filters.label")} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
        {canSeeEveryone ? (
          <SelectField label={t("activity.filters.person")} value={query.userId ?? ""} onChange={(event) => go({ ...query, userId: event.target.value || undefined })}>
            <option value="">{t("activity.filters.everyone")}</option>
            {query.userId && !people.data?.some((person) => person.id === query.userId) ? <option value={query.userId}>{query.userId === userId ? t("activity.filters.me") : query.userId}</option> : null}
            {(people.data ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {personName(person)}
              </option>
            ))}
          </SelectField>
        ) : (
          <CheckboxField className="sm:mt-7" label={t("activity.filters.onlyMine")} checked={query.userId === userId} onChange={(event) => go({ ...query, userId: event.target.checked ? userId : undefined })} />
        )}
        <SelectField label={t("activity.filters.kind")} value={query.kind ?? ""} onChange={(event) => go({ ...query, kind: (event.target.value || undefined) as ActivityKind | undefined })}>
          <option value="">{t("activity.filters.allKinds")}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`activity.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <DateField label={t("activity.filters.from")} value={query.from ?? ""} max={query.to} onChange={(value) => (!value || isIsoDate(value)) && go({ ...query, from: value || undefined })} />
        <DateField label={t("activity.filters.to")} value={query.to ?? ""} min={query.from} onChange={(value) => (!value || isIsoDate(value)) && go({ ...query, to: value || undefined })} />
      </div>

      {/* new filters start from their own first page */}
      <Feed key={searchFromQuery(query).toString()} companyId={companyId} query={query} onClear={() => go({})} />
    </div>
  );
}

/** The feed for one set of filters, newest first, with "Load more" while there is a next cursor. */
function Feed({ companyId, query, onClear }: { companyId: string; query: ActivityQuery; onClear: () => void }) {
  const { t } = useTranslation();
  const feed = useActivityFeed(companyId, query);
  const filtered = isFiltered(query);
  const reason = (error: unknown) => (error instanceof ApiError && error.status < 500 && error.message ? error.message : t("common.errors.server"));
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <h2 id="activity-heading" className="sr-only">
        {t("activity.title")}
      </h2>
      {feed.error && !feed.loaded ? (
        <Notice kind="error" onRetry={feed.retry}>
          <p>{t("activity.loadFailed", { reason: reason(feed.error) })}</p>
        </Notice>
      ) : !feed.loaded ? (
        <LoadingBlocks label={t("activity.loading")} blocks={["h-14", "h-14", "h-14", "h-14", "h-14"]} className="flex flex-col gap-2" />
      ) : feed.entries.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          {filtered ? (
            <>
              <p>{t("activity.noMatch")}</p>
              <Button size="sm" variant="secondary" className="mt-3" onClick={onClear}>
                {t("activity.filters.clear")}
              </Button>
            </>
          ) : (
            <p>{t("activity.empty")}</p>
          )}
        </div>
      ) : (
        <>
          <ActivityList entries={feed.entries} label={t("activity.listLabel")} />
          {feed.moreError ? <Notice kind="error">{t("activity.loadFailed", { reason: reason(feed.moreError) })}</Notice> : null}
          {feed.hasMore ? (
            <Button variant="secondary" className="self-center" disabled={feed.loadingMore} onClick={() => void feed.loadMore()}>
              {feed.loadingMore ? t("activity.loadingMore") : t("activity.loadMore")}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
