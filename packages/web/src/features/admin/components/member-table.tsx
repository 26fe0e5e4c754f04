import { useTranslation } from "react-i18next";
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@/components/ui/menu";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { cn } from "@/lib/cn";
import { displayName, formatPhone, memberLabel } from "../lib/member-display";
import type { Member, MembersQuery, SortColumn } from "../types";

export type MemberAction = "edit" | "role" | "status" | "billable" | "mechanic" | "reset" | "email" | "seat" | "remove";

const STICKY = "sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]";
// issue 40: all ten columns fit a 1280-pixel screen beside the sidebar: headers and values wrap (usernames and
// e-mails anywhere), so the table scrolls sideways only on a screen narrower than its shortest words
const CELL = "px-2 py-2 align-top";
const COLUMNS: SortColumn[] = ["name", "username", "email", "phone", "role", "status", "billable", "lastSignInAt", "lang"];

export interface MemberTableProps {
  members: Member[];
  query: MembersQuery;
  currentUserId: string | null;
  /** provider administrators add a row's person to another company (SPEC §2); orgadmins do not */
  isProviderAdmin: boolean;
  busy: boolean;
  onSort: (column: SortColumn) => void;
  onAction: (action: MemberAction, member: Member) => void;
}

/** The company's people, sorted by the server: each header is a button, and the sorted one says how (aria-sort). */
export function MemberTable({ members, query, currentUserId, isProviderAdmin, busy, onSort, onAction }: MemberTableProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-busy={busy || undefined} className={cn("min-w-full divide-y divide-slate-200 text-sm", busy && "opacity-60")}>
        <caption className="sr-only">{t("admin.users.caption", { column: t(`admin.users.columns.${query.sort_by}`), direction: t(`admin.users.sort.${query.sort_direction}`) })}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {COLUMNS.map((column) => {
              const sorted = query.sort_by === column;
              return (
                <th key={column} scope="col" aria-sort={sorted ? (query.sort_direction === "asc" ? "ascending" : "descending") : undefined} className="px-2 py-2 align-bottom font-semibold">
                  <button
                    type="button"
                    onClick={() => onSort(column)}
                    className="inline-flex flex-wrap items-end gap-x-1 rounded px-1 -mx-1 text-left hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {t(`admin.users.columns.${column}`)}
                    <span aria-hidden="true" className={cn("text-xs", sorted ? "text-slate-900" : "text-slate-400")}>
                      {sorted ? (query.sort_direction === "asc" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                </th>
              );
            })}
            {/* the actions stay in view while a phone's screen scrolls the table sideways */}
            <th scope="col" className={cn(STICKY, "bg-slate-50 px-2 py-2 align-bottom font-semibold")}>
              {t("admin.users.columns.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((member) => (
            <tr key={member.id}>
              <th scope="row" className={cn(CELL, "text-left font-semibold text-slate-900")}>
                {displayName(member)}
                {member.id === currentUserId ? <span className="ml-2 text-xs font-normal text-slate-600">{t("admin.users.you")}</span> : null}
              </th>
              <td className={cn(CELL, "min-w-16 wrap-anywhere text-slate-700")}>{member.username}</td>
              <td className={cn(CELL, "min-w-20 wrap-anywhere text-slate-700")}>{member.email}</td>
              <td className={cn(CELL, "min-w-16 text-slate-700")}>{formatPhone(member.phone) || "—"}</td>
              <td className={cn(CELL, "text-slate-700")}>
                {t(`admin.roles.${member.role}`)}
                {member.mechanic ? <span className="ml-2 inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("admin.users.mechanic.badge")}</span> : null}
              </td>
              <td className={CELL}>
                <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-semibold", member.status === "active" ? "bg-green-50 text-green-800" : "bg-slate-100 text-slate-700")}>
                  {t(`admin.status.${member.status}`)}
                </span>
              </td>
              <td className={cn(CELL, "text-slate-700")}>{member.billable ? t("admin.users.yes") : t("admin.users.no")}</td>
              <td className={cn(CELL, "min-w-20 text-slate-700")}>{member.lastSignInAt ? formatDateTime(member.lastSignInAt, lang) : t("admin.users.never")}</td>
              <td className={cn(CELL, "text-slate-700")}>{t(`common.language.${member.lang}`)}</td>
              <td className={cn(STICKY, CELL, "bg-white")}>
                <MemberActions member={member} self={member.id === currentUserId} isProviderAdmin={isProviderAdmin} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The row's actions in a menu. Nobody changes their own role or status or removes themselves (docs/api-admin.md). */
function MemberActions({ member, self, isProviderAdmin, onAction }: { member: Member; self: boolean; isProviderAdmin: boolean; onAction: (action: MemberAction, member: Member) => void }) {
  const { t } = useTranslation();
  const item = (action: MemberAction, label: string) => (
    <MenuItem onClick={() => onAction(action, member)}>
      <span className={action === "remove" ? "text-red-700" : undefined}>{label}</span>
    </MenuItem>
  );
  return (
    <Menu>
      <MenuButton data-member-actions={member.id} aria-label={t("admin.users.actions.for", { name: memberLabel(member) })} className="border border-slate-300 bg-white py-1">
        {t("admin.users.actions.open")}
      </MenuButton>
      <MenuItems>
        {item("edit", t("admin.users.actions.edit"))}
        {self ? null : item("role", t("admin.users.actions.role"))}
        {self ? null : item("status", member.status === "active" ? t("admin.users.actions.deactivate") : t("admin.users.actions.activate"))}
        {item("billable", member.billable ? t("admin.users.actions.billableOff") : t("admin.users.actions.billableOn"))}
        {member.role === "user" ? item("mechanic", member.mechanic ? t("admin.users.actions.mechanicOff") : t("admin.users.actions.mechanicOn")) : null}
        {self ? null : item("reset", t("admin.users.actions.reset"))}
        {member.email ? item("email", t("admin.users.actions.email")) : null}
        {isProviderAdmin ? item("seat", t("admin.users.actions.seat")) : null}
        {self ? null : (
          <>
            <MenuSeparator />
            {item("remove", t("admin.users.actions.remove"))}
          </>
        )}
      </MenuItems>
    </Menu>
  );
}
