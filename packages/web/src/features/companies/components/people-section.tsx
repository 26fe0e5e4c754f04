import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { cn } from "@/lib/cn";
import { refreshPeople, usePeople } from "../api/get-people";
import { removeSeat } from "../api/remove-seat";
import { useCompanyMessages } from "../lib/messages";
import { personName } from "../lib/person-name";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { Company, Person } from "../types";
import { AddPersonDialog } from "./add-person-dialog";
import { Notice } from "@/components/ui/notice";
import { Pagination } from "./pagination";
import { RoleDialog } from "./role-dialog";

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;
// issue 40: the table fits a 1280-pixel screen beside the sidebar, its remove buttons included: values wrap
// (usernames and e-mails anywhere) and a row's two buttons stack when their column is narrow
const CELL = "px-2 py-2 align-top";

/** The company's people and their seats: add an existing account with a role, change a seat's role, remove it. */
export function PeopleSection({ company, onChanged }: { company: Company; onChanged: () => void }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const people = usePeople(company.id, { q: q || undefined, page, pageSize: PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const [roleOf, setRoleOf] = useState<Person | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const changed = () => {
    void refreshPeople(company.id);
    onChanged();
  };

  async function remove(person: Person) {
    const name = personName(person);
    const confirmed = await confirm({
      kind: "error",
      title: t("companies.people.remove.title"),
      text: t("companies.people.remove.text", { name, company: company.name }),
      confirmLabel: t("companies.people.remove.confirm"),
    });
    if (!confirmed) return;
    try {
      await removeSeat(person.seatId);
      toast.success(t("companies.people.remove.done", { name, company: company.name }));
      changed();
      headingRef.current?.focus();
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "companies.people.remove.failed"));
    }
  }

  const data = people.data;
  return (
    <section aria-labelledby="people-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="people-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {t("companies.people.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("companies.people.intro")}</p>
        </div>
        <Button onClick={() => setAdding(true)}>{t("companies.people.addButton")}</Button>
      </div>
      <div role="search" aria-label={t("companies.people.searchRegion")} className="max-w-md">
        <TextField
          label={t("companies.people.search")}
          type="search"
          name="people-search"
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {people.error && !data ? (
        <Notice kind="error" onRetry={() => void people.mutate()}>
          <p>{messages.errorMessage(people.error, "companies.people.loadFailed")}</p>
        </Notice>
      ) : !data ? (
        <Spinner label={t("companies.people.loading")} />
      ) : data.total === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-slate-700">{q ? t("companies.people.noMatch") : t("companies.people.empty")}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table aria-busy={people.isLoading || undefined} className={cn("min-w-full divide-y divide-slate-200 text-sm", people.isLoading && "opacity-60")}>
              <caption className="sr-only">{t("companies.people.caption", { company: company.name })}</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  {(["name", "username", "email", "role", "status", "actions"] as const).map((column) => (
                    <th key={column} scope="col" className="px-2 py-2 align-bottom font-semibold">
                      {t(`companies.people.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.data.map((person) => {
                  const name = personName(person);
                  return (
                    <tr key={person.seatId}>
                      <th scope="row" className={cn(CELL, "min-w-24 text-left font-semibold text-slate-900")}>
                        {name}
                      </th>
                      <td className={cn(CELL, "min-w-16 wrap-anywhere text-slate-700")}>{person.username}</td>
                      <td className={cn(CELL, "min-w-20 wrap-anywhere text-slate-700")}>{person.email || "—"}</td>
                      <td className={cn(CELL, "text-slate-700")}>{t(`companies.roles.${person.role}`)}</td>
                      <td className={cn(CELL, "text-slate-700")}>{t(`companies.people.status.${person.status}`)}</td>
                      <td className={CELL}>
                        <div className="flex flex-wrap gap-2">
                          <Button size="sm" variant="secondary" aria-label={t("companies.people.roleFor", { name: `${name} (${person.username})` })} onClick={() => setRoleOf(person)}>
                            {t("companies.people.role")}
                          </Button>
                          <Button size="sm" variant="ghost" className="text-red-700" aria-label={t("companies.people.removeFor", { name: `${name} (${person.username})` })} onClick={() => void remove(person)}>
                            {t("companies.people.remove.button")}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {data.totalPages > 1 ? <Pagination label={t("companies.people.paging")} page={page} pageSize={PAGE_SIZE} total={data.total} totalPages={data.totalPages} onPage={setPage} /> : null}
        </>
      )}
      <AddPersonDialog
        open={adding}
        company={company}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          changed();
        }}
      />
      <RoleDialog
        person={roleOf}
        company={company}
        onClose={() => setRoleOf(null)}
        onChanged={() => {
          setRoleOf(null);
          changed();
        }}
      />
    </section>
  );
}
