import { useCallback, useState, type ComponentType, type CSSProperties, type ReactElement, type ReactNode, type SVGProps } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, ScrollRestoration } from "react-router-dom";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { AdminIcon, CloseIcon, CollapseIcon, CompaniesIcon, DashboardsIcon, DocumentsIcon, ExpandIcon, FormsIcon, HomeIcon, MenuIcon, SignOutIcon } from "@/components/ui/icons";
import { LanguageToggle } from "@/components/ui/language-toggle";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";
import { PREFERENCE_KEYS, readPreference, writePreference } from "@/lib/preferences";
import { LogoMark } from "./logo";
import { MAIN_CONTENT_ID, SkipLink } from "./marketing-layout";
import { isRole, parseCollapsed, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, sidebarLinks, type SidebarLinkKey } from "./sidebar-links";

export interface SidebarUser {
  username: string;
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
}

const icons: Record<SidebarLinkKey, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: HomeIcon,
  forms: FormsIcon,
  documents: DocumentsIcon,
  dashboards: DashboardsIcon,
  admin: AdminIcon,
  companies: CompaniesIcon,
};

/** The collapsed state, remembered in this browser. */
function useCollapsed() {
  const [collapsed, setCollapsed] = useState(() => parseCollapsed(readPreference(PREFERENCE_KEYS.sidebarCollapsed)));
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      writePreference(PREFERENCE_KEYS.sidebarCollapsed, String(!was));
      return !was;
    });
  }, []);
  return [collapsed, toggle] as const;
}

const itemClasses = (collapsed: boolean) =>
  cn(
    "flex items-center gap-3 rounded-md text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white",
    collapsed ? "size-9 justify-center" : "h-9 px-2",
  );

/** Wraps an icon-only control in a tooltip when the sidebar is collapsed. */
function Hint({ collapsed, label, children }: { collapsed: boolean; label: string; children: ReactElement<{ "aria-describedby"?: string }> }) {
  return collapsed ? (
    <Tooltip content={label} side="right" describes={false}>
      {children}
    </Tooltip>
  ) : (
    children
  );
}

interface ContentProps extends Omit<SidebarLayoutProps, "children"> {
  collapsed: boolean;
  /** the control in the top corner: collapse on wide screens, close in the phone drawer */
  corner: ReactNode;
  onNavigate?: () => void;
}

function SidebarContent({ user, companyName, companiesCount, onSignOut, profilePath, collapsed, corner, onNavigate }: ContentProps) {
  const { t } = useTranslation();
  const links = sidebarLinks(user?.role, companiesCount);
  const roleLabel = companyName ? (user?.role ? (isRole(user.role) ? t(`layout.sidebar.roles.${user.role}`) : user.role) : undefined) : t("layout.sidebar.noCompany");
  const initial = user?.username.trim().charAt(0).toUpperCase() || "?";
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
            return (
              <li key={link.key}>
                <Hint collapsed={collapsed} label={label}>
                  <NavLink
                    to={link.to}
                    onClick={onNavigate}
                    className={({ isActive }) => cn(itemClasses(collapsed), isActive && "bg-slate-800 text-white shadow-[inset_3px_0_0] shadow-brand-100")}
                  >
                    <Icon className="size-5 shrink-0" />
                    <span className={collapsed ? "sr-only" : "truncate"}>{label}</span>
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
              {initial}
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

/**
 * The signed-in frame (SPEC §2): menu by role, company list, language toggle, sign out and the user
 * block. On wide screens it collapses to icons (16rem ↔ 3rem, remembered); on phones it is a drawer.
 * It knows nothing of the session: the caller passes the user, company and sign-out action.
 */
export function SidebarLayout(props: SidebarLayoutProps) {
  const { t } = useTranslation();
  const [collapsed, toggleCollapsed] = useCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  return (
    <div className="min-h-screen bg-slate-50" style={{ "--sidebar-width": width } as CSSProperties} data-sidebar={collapsed ? "collapsed" : "expanded"}>
      <SkipLink />
      <aside
        aria-label={t("layout.sidebar.label")}
        id="sidebar"
        className="fixed inset-y-0 left-0 z-20 hidden w-(--sidebar-width) transition-[width] duration-200 motion-reduce:transition-none md:block"
      >
        <SidebarContent
          {...props}
          collapsed={collapsed}
          corner={
            <Hint collapsed={collapsed} label={t("layout.sidebar.expand")}>
              <button
                type="button"
                onClick={toggleCollapsed}
                aria-expanded={!collapsed}
                aria-controls="sidebar"
                className="grid size-9 shrink-0 place-items-center rounded-md text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
              >
                {collapsed ? <ExpandIcon className="size-5" /> : <CollapseIcon className="size-5" />}
                <span className="sr-only">{collapsed ? t("layout.sidebar.expand") : t("layout.sidebar.collapse")}</span>
              </button>
            </Hint>
          }
        />
      </aside>

      <div className="flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 md:hidden">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-expanded={drawerOpen}
          className="grid size-10 place-items-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <MenuIcon className="size-6" />
          <span className="sr-only">{t("layout.sidebar.open")}</span>
        </button>
        <LogoMark className="size-7" />
        <span className="min-w-0 truncate text-sm font-semibold text-slate-900">{props.companyName ?? "Fleetforms"}</span>
      </div>
      <Dialog open={drawerOpen} onClose={closeDrawer} className="relative z-40 md:hidden">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-900/60 transition-opacity duration-200 data-closed:opacity-0" />
        <DialogPanel transition className="fixed inset-y-0 left-0 w-(--sidebar-width-mobile) max-w-[85vw] transition duration-200 [--sidebar-width-mobile:16rem] data-closed:-translate-x-full">
          <DialogTitle className="sr-only">{t("layout.sidebar.label")}</DialogTitle>
          <SidebarContent
            {...props}
            collapsed={false}
            onNavigate={closeDrawer}
            onSignOut={() => {
              closeDrawer();
              props.onSignOut();
            }}
            corner={
              <button
                type="button"
                onClick={closeDrawer}
                className="grid size-9 shrink-0 place-items-center rounded-md text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-white"
              >
                <CloseIcon className="size-5" />
                <span className="sr-only">{t("layout.sidebar.close")}</span>
              </button>
            }
          />
        </DialogPanel>
      </Dialog>

      <div className="transition-[padding] duration-200 motion-reduce:transition-none md:pl-(--sidebar-width)">
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100vh-3.5rem)] focus:outline-none md:min-h-screen">
          {props.children ?? <Outlet />}
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
