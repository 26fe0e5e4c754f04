import { lazy, Suspense, useCallback, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { CollapseIcon, ExpandIcon, MenuIcon } from "@/components/ui/icons";
import { PREFERENCE_KEYS, readPreference, writePreference } from "@/lib/preferences";
import { LogoMark } from "./logo";
import { MAIN_CONTENT_ID, SkipLink } from "./marketing-layout";
import { Hint, SidebarContent, type SidebarLayoutProps } from "./sidebar-content";
import { parseCollapsed, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from "./sidebar-links";

export type { SidebarLayoutProps, SidebarUser } from "./sidebar-content";

const SidebarDrawer = lazy(() => import("./sidebar-drawer").then((module) => ({ default: module.SidebarDrawer })));

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

/**
 * The signed-in frame (SPEC §2): menu by role, company list, language toggle, sign out and the user
 * block. On wide screens it collapses to icons (16rem ↔ 3rem, remembered); on phones it is a drawer.
 * It knows nothing of the session: the caller passes the user, company and sign-out action.
 */
export function SidebarLayout(props: SidebarLayoutProps) {
  const { t } = useTranslation();
  const [collapsed, toggleCollapsed] = useCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // mounted from the first opening on, so it can animate closed and return focus
  const [drawerUsed, setDrawerUsed] = useState(false);
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
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          aria-expanded={drawerOpen}
          className="grid size-10 place-items-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <MenuIcon className="size-6" />
          <span className="sr-only">{t("layout.sidebar.open")}</span>
        </button>
        <LogoMark className="size-7" />
        <span className="min-w-0 truncate text-sm font-semibold text-slate-900">{props.companyName ?? "Fleetforms"}</span>
      </div>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <SidebarDrawer {...props} open={drawerOpen} onClose={closeDrawer} />
        </Suspense>
      ) : null}

      <div className="transition-[padding] duration-200 motion-reduce:transition-none md:pl-(--sidebar-width)">
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100vh-3.5rem)] focus:outline-none md:min-h-screen">
          {props.children ?? <Outlet />}
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
