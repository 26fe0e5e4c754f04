import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { MarketingFooter } from "./marketing-footer";
import { MarketingHeader } from "./marketing-header";
import { showsMarketingFooter } from "./marketing-nav";

export const MAIN_CONTENT_ID = "main-content";

/** The way past the navigation for keyboard users (WCAG 2.4.1). */
export function SkipLink({ target = MAIN_CONTENT_ID }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {t("layout.skipToContent")}
    </a>
  );
}

/**
 * The public pages' frame: marketing header, the page, and the footer except on the sign-in and
 * registration screens (SPEC §2). Used as a layout route (renders the child route) or around children.
 */
export function MarketingLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  // a pre-rendered page holds this frame once per language: each skip link must reach its own copy's <main>
  const mainId = useId();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink target={mainId} />
      <MarketingHeader />
      <main id={mainId} tabIndex={-1} className="flex-1 focus:outline-none">
        {children ?? <Outlet />}
      </main>
      {showsMarketingFooter(pathname) ? <MarketingFooter /> : null}
      <ScrollRestoration />
    </div>
  );
}
