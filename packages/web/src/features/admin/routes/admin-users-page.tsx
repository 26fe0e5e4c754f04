import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { refreshAdminSummary } from "../api/get-admin-summary";
import { refreshInvitations } from "../api/get-invitations";
import { refreshMembers, useMembers } from "../api/get-members";
import { setMechanic } from "../api/set-mechanic";
import { editUser } from "../api/edit-user";
import { removeSeat } from "../api/remove-seat";
import { AddSeatDialog } from "../components/add-seat-dialog";
import { AddUserDialog } from "../components/add-user-dialog";
import { SelectField } from "@/components/ui/form-controls";
import { EditMemberDialog } from "../components/edit-member-dialog";
import { InvitationsSection } from "../components/invitations-section";
import { InviteDialog } from "../components/invite-dialog";
import { MemberTable, type MemberAction } from "../components/member-table";
import { Notice } from "@/components/ui/notice";
import { Pagination } from "../components/pagination";
import { ResetPasswordDialog } from "../components/reset-password-dialog";
import { RoleDialog } from "../components/role-dialog";
import { SendEmailDialog } from "../components/send-email-dialog";
import { displayName } from "../lib/member-display";
import { useAdminMessages } from "../lib/messages";
import { nextSort, queryFromSearch, searchFromQuery } from "../lib/members-query";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { STATUSES, type Member, type MembersQuery, type MemberStatus, type SeatRole } from "../types";

export interface AdminUsersPageProps {
  /** the signed-in person, whose own row offers no role change, deactivation or removal */
  currentUserId: string | null;
  companyName: string;
  /** a provider administrator (session role "admin") may also add a row's person to another company */
  isProviderAdmin: boolean;
}

const SEARCH_DELAY_MS = 300;
type DialogState = { kind: "edit" | "role" | "reset" | "email" | "seat"; member: Member } | { kind: "add" | "invite" } | null;

/**
 * /admin/users: the company's people (SPEC §2, issue 12), sorted, searched, filtered and paged by the
 * server, with the administrator's actions on each row, adding and inviting, and the pending invitations.
 */
export function AdminUsersPage({ currentUserId, companyName, isProviderAdmin }: AdminUsersPageProps) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const [search, setSearch] = useSearchParams();
  const query = queryFromSearch(search);
  const members = useMembers(query);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [text, setText] = useState(query.q ?? "");
  const settledText = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = useCallback((next: MembersQuery) => setSearch(searchFromQuery(next), { replace: true }), [setSearch]);

  // the search box asks the server once the typing pauses, from the first page
  useEffect(() => {
    if (settledText !== (query.q ?? "")) go({ ...query, q: settledText || undefined, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search moves the query
  }, [settledText]);

  // a page past the end (after a removal, or an old link) goes to the last page that has people
  const page = members.data;
  useEffect(() => {
    if (page && page.data.length === 0 && page.total > 0 && query.page > page.totalPages) go({ ...query, page: page.totalPages });
  }, [page, query, go]);

  /** Keyboard users go back to the row's menu button (or the heading when the row is gone) once a dialog or alert closes. */
  const returnFocus = (member?: Member) =>
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const button = member ? document.querySelector<HTMLElement>(`[data-member-actions="${CSS.escape(member.id)}"]`) : null;
      (button ?? headingRef.current)?.focus();
    }, 200);

  const changed = () => {
    void refreshMembers();
    void refreshAdminSummary();
  };

  const closeDialog = () => {
    const member = dialog && "member" in dialog ? dialog.member : undefined;
    setDialog(null);
    returnFocus(member);
  };

  async function setStatus(member: Member, status: MemberStatus) {
    const name = displayName(member);
    try {
      await editUser({ userId: member.id, status });
      toast.success(t(status === "active" ? "admin.users.status.activated" : "admin.users.status.deactivated", { name }));
      changed();
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "admin.users.status.failed"));
    }
    returnFocus(member);
  }

  async function setBillable(member: Member, billable: boolean) {
    const name = displayName(member);
    // SPEC §4: changing the billable flag needs a confirmation
    const confirmed = await confirm({
      kind: "warning",
      title: t(billable ? "admin.users.billable.onTitle" : "admin.users.billable.offTitle"),
      text: t(billable ? "admin.users.billable.onText" : "admin.users.billable.offText", { name, company: companyName }),
      confirmLabel: t(billable ? "admin.users.billable.onConfirm" : "admin.users.billable.offConfirm"),
    });
    if (confirmed) {
      try {
        await editUser({ userId: member.id, billable });
        toast.success(t(billable ? "admin.users.billable.on" : "admin.users.billable.off", { name }));
        changed();
      } catch (failure) {
        toast.error(messages.errorMessage(failure, "admin.users.billable.failed"));
      }
    }
    returnFocus(member);
  }

  async function changeMechanic(member: Member, mechanic: boolean) {
    const name = displayName(member);
    try {
      await setMechanic(member.seatId, mechanic);
      toast.success(t(mechanic ? "admin.users.mechanic.on" : "admin.users.mechanic.off", { name }));
      changed();
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "admin.users.mechanic.failed"));
    }
    returnFocus(member);
  }

  async function remove(member: Member) {
    const name = displayName(member);
    // SPEC §4: removing a user from a company needs a confirmation
    const confirmed = await confirm({
      kind: "error",
      title: t("admin.users.remove.title"),
      text: t("admin.users.remove.text", { name, company: companyName }),
      confirmLabel: t("admin.users.remove.confirm"),
    });
    if (!confirmed) return returnFocus(member);
    try {
      await removeSeat(member.seatId);
      toast.success(t("admin.users.remove.done", { name, company: companyName }));
      changed();
      returnFocus();
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "admin.users.remove.failed"));
      returnFocus(member);
    }
  }

  const act = (action: MemberAction, member: Member) => {
    if (action === "status") void setStatus(member, member.status === "active" ? "inactive" : "active");
    else if (action === "billable") void setBillable(member, !member.billable);
    else if (action === "mechanic") void changeMechanic(member, !member.mechanic);
    else if (action === "remove") void remove(member);
    else setDialog({ kind: action, member });
  };

  const filtered = Boolean(query.q || query.role || query.status);
  const clearFilters = () => {
    setText("");
    go({ ...query, q: undefined, role: undefined, status: undefined, page: 1 });
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <title>{t("admin.users.pageTitle")}</title>
      <nav aria-label={t("admin.breadcrumb")} className="text-sm">
        <Link to="/admin" className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {t("admin.title")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
            {t("admin.users.title")}
          </h1>
          <p className="mt-1 text-slate-600">{t("admin.users.intro", { company: companyName })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog({ kind: "invite" })}>
            {t("admin.users.inviteButton")}
          </Button>
          <Button onClick={() => setDialog({ kind: "add" })}>{t("admin.users.addButton")}</Button>
        </div>
      </div>

      <section aria-labelledby="people-heading" className="flex flex-col gap-4">
        <h2 id="people-heading" className="sr-only">
          {t("admin.users.people")}
        </h2>
        <div role="search" aria-label={t("admin.users.searchRegion")} className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-start">
          <TextField label={t("admin.users.search")} description={t("admin.users.searchHint")} type="search" name="q" autoComplete="off" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
          <SelectField label={t("admin.users.filterRole")} name="role" value={query.role ?? ""} onChange={(event) => go({ ...query, role: (event.target.value || undefined) as SeatRole | undefined, page: 1 })}>
            <option value="">{t("admin.users.allRoles")}</option>
            {SEAT_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`admin.roles.${role}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("admin.users.filterStatus")} name="status" value={query.status ?? ""} onChange={(event) => go({ ...query, status: (event.target.value || undefined) as MemberStatus | undefined, page: 1 })}>
            <option value="">{t("admin.users.allStatuses")}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.status.${status}`)}
              </option>
            ))}
          </SelectField>
        </div>

        {members.error && !members.data ? (
          <Notice kind="error" onRetry={() => void members.mutate()}>
            <p>{messages.errorMessage(members.error, "admin.users.loadFailed")}</p>
          </Notice>
        ) : !page ? (
          <Spinner label={t("admin.users.loading")} />
        ) : page.total === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {filtered ? (
              <>
                <p>{t("admin.users.noMatch")}</p>
                <Button size="sm" variant="secondary" className="mt-3" onClick={clearFilters}>
                  {t("admin.users.clearFilters")}
                </Button>
              </>
            ) : (
              <p>{t("admin.users.empty")}</p>
            )}
          </div>
        ) : (
          <>
            {members.error ? <Notice kind="error">{messages.errorMessage(members.error, "admin.users.loadFailed")}</Notice> : null}
            <MemberTable members={page.data} query={query} currentUserId={currentUserId} isProviderAdmin={isProviderAdmin} busy={members.isLoading} onSort={(column) => go(nextSort(query, column))} onAction={act} />
            <Pagination page={query.page} pageSize={query.pageSize} total={page.total} totalPages={page.totalPages} onPage={(next) => go({ ...query, page: next })} onPageSize={(pageSize) => go({ ...query, pageSize, page: 1 })} />
          </>
        )}
      </section>

      <InvitationsSection />

      <AddUserDialog
        open={dialog?.kind === "add"}
        onClose={closeDialog}
        onAdded={() => {
          closeDialog();
          changed();
        }}
      />
      <InviteDialog
        open={dialog?.kind === "invite"}
        onClose={closeDialog}
        onInvited={() => {
          closeDialog();
          void refreshInvitations();
          void refreshAdminSummary();
        }}
      />
      <EditMemberDialog
        member={dialog?.kind === "edit" ? dialog.member : null}
        self={dialog?.kind === "edit" && dialog.member.id === currentUserId}
        onClose={closeDialog}
        onSaved={() => {
          closeDialog();
          changed();
        }}
      />
      <RoleDialog
        member={dialog?.kind === "role" ? dialog.member : null}
        companyName={companyName}
        onClose={closeDialog}
        onChanged={() => {
          closeDialog();
          changed();
        }}
      />
      <ResetPasswordDialog member={dialog?.kind === "reset" ? dialog.member : null} onClose={closeDialog} onDone={closeDialog} />
      <SendEmailDialog member={dialog?.kind === "email" ? dialog.member : null} onClose={closeDialog} />
      {isProviderAdmin ? <AddSeatDialog member={dialog?.kind === "seat" ? dialog.member : null} onClose={closeDialog} onAdded={closeDialog} /> : null}
    </div>
  );
}
