import type { ComponentType, ReactElement, ReactNode, SVGProps } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router-dom";
import { AdminIcon, CompaniesIcon, DashboardsIcon, DocumentsIcon, FormsIcon, HomeIcon, SignOutIcon } from "@/components/ui/icons";
import { LanguageToggle } from "@/components/ui/language-toggle";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";
import { initialsOf } from "./initials";
import { LogoMark } from "./logo";
import { isRole, sidebarLinks, type SidebarLinkKey } from "./sidebar-links";

export interface SidebarUser {
  username: string;
  /** the person's names, for the avatar's initials (the username's parts without them) */
  firstName?: string;
  lastName?: string;
  /** the role in the selected company; none before a company is chosen */
  role?: string | null;
}

export interface SidebarLayoutProps {
  user: SidebarUser | null;
  /** the selected company; without one the user block says 'No Company Selected' */
  companyName?: string;
  /** how many companies the token claims: the company list shows when more than one */
  companiesCount: number;
  onSignOut: () => void;
  /** where the user block leads (profilePathForRole gives the SPEC's choice) */
  profilePath: string;
  /** the page; the child route when omitted */
  children?: ReactNode;
  /** a count beside a menu entry, with what it counts for screen readers (issue 20: submissions waiting to send) */
  badges?: Partial<Record<SidebarLinkKey, { count: number; label: string }>>;
}

const icons: Record<SidebarLinkKey, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: HomeIcon,
  forms: FormsIcon,
  documents: DocumentsIcon,
  dashboards: DashboardsIcon,
  admin: AdminIcon,
  companies: CompaniesIcon,
};

const itemClasses = (collapsed: boolean) =>
  cn(
    "flex items-center gap-3 rounded-md text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white",
    collapsed ? "size-9 justify-center" : "h-9 px-2",
  );

/**
 * Names an icon-only control in a tooltip while the sidebar is collapsed. The tooltip stays in the tree
 * when disabled, so toggling the sidebar never remounts (and unfocuses) the control.
 */
export function Hint({ collapsed, label, children }: { collapsed: boolean; label: string; children: ReactElement<{ "aria-describedby"?: string }> }) {
  return (
    <Tooltip content={label} side="right" describes={false} disabled={!collapsed}>
      {children}
    </Tooltip>
  );
}

export interface ContentProps extends Omit<SidebarLayoutProps, "children"> {
  collapsed: boolean;
  /** the control in the top corner: collapse on wide screens, close in the phone drawer */
  corner: ReactNode;
  onNavigate?: () => void;
}

export function SidebarContent({ user, companyName, companiesCount, onSignOut, profilePath, collapsed, corner, onNavigate, badges }: ContentProps) {
  const { t } = useTranslation();
  const links = sidebarLinks(user?.role, companiesCount);
  const roleLabel = companyName ? (user?.role ? (isRole(user.role) ? t(`layout.sidebar.roles.${user.role}`) : user.role) : undefined) : t("layout.sidebar.noCompany");
  const initials = user ? initialsOf(user) : "?";
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className={cn("flex h-14 shrink-0 items-center gap-2 border-b border-slate-800", collapsed ? "justify-center px-1" : "px-3")}>
        {collapsed ? null : (
          <Link to="/home" onClick={onNavigate} className="flex min-w-0 flex-1 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-white">
            <LogoMark className="size-7" />
            <span className="min-w-0">
              <span className="block text-sm leading-tight font-bold text-white">Fleetforms</span>
              {companyName ? <span className="block truncate text-xs leading-tight text-slate-300">{companyName}</span> : null}
            </span>
          </Link>
        )}
        {corner}
      </div>

      <nav aria-label={t("layout.sidebar.menu")} className={cn("flex-1 overflow-y-auto py-3", collapsed ? "px-1.5" : "px-2")}>
        <ul className="flex flex-col gap-1">
          {links.map((link) => {
            const Icon = icons[link.key];
            const label = t(`layout.sidebar.links.${link.key}`);
            const badge = badges?.[link.key];
            return (
              <li key={link.key}>
                <Hint collapsed={collapsed} label={label}>
                  <NavLink
                    to={link.to}
                    onClick={onNavigate}
                    className={({ isActive }) => cn(itemClasses(collapsed), isActive && "bg-slate-800 text-white shadow-[inset_3px_0_0] shadow-brand-100")}
                  >
                    <span className="relative shrink-0">
                      <Icon className="size-5" />
                      {badge?.count && collapsed ? <span aria-hidden="true" className="absolute -top-1 -right-1 size-2.5 rounded-full bg-amber-400" /> : null}
                    </span>
                    <span className={collapsed ? "sr-only" : "truncate"}>{label}</span>
                    {badge?.count ? (
                      <span className={collapsed ? "sr-only" : "ml-auto rounded-full bg-amber-400 px-2 text-xs font-bold text-slate-900"} data-badge={link.key}>
                        <span aria-hidden="true">{collapsed ? null : badge.count}</span>
                        <span className="sr-only">{badge.label}</span>
                      </span>
                    ) : null}
                  </NavLink>
                </Hint>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className={cn("flex shrink-0 flex-col gap-2 border-t border-slate-800 py-3", collapsed ? "items-center px-1.5" : "px-2")}>
        <div className={cn("flex items-center", collapsed ? "flex-col gap-2" : "justify-between gap-2")}>
          <LanguageToggle className="border-slate-600 text-slate-100 hover:bg-slate-800 focus-visible:outline-white" />
          <Hint collapsed={collapsed} label={t("layout.sidebar.signOut")}>
            <button type="button" onClick={onSignOut} className={cn(itemClasses(collapsed), !collapsed && "flex-1")}>
              <SignOutIcon className="size-5 shrink-0" />
              <span className={collapsed ? "sr-only" : undefined}>{t("layout.sidebar.signOut")}</span>
            </button>
          </Hint>
        </div>
        <Hint collapsed={collapsed} label={user ? `${user.username}${roleLabel ? ` · ${roleLabel}` : ""}` : t("layout.sidebar.profile")}>
          <Link
            to={profilePath}
            onClick={onNavigate}
            className={cn("flex items-center gap-3 rounded-md hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-white", collapsed ? "size-9 justify-center" : "p-2")}
          >
            <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-900">
              {initials}
            </span>
            <span className={collapsed ? "sr-only" : "min-w-0 text-left"}>
              <span className="sr-only">{t("layout.sidebar.profile")}: </span>
              <span className="block truncate text-sm font-semibold text-white">{user?.username}</span>
              {roleLabel ? <span className="block truncate text-xs text-slate-300">{roleLabel}</span> : null}
            </span>
          </Link>
        </Hint>
      </div>
    </div>
  );
}
