import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router-dom";
import { buttonClasses } from "@/components/ui/button";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { LanguageToggle } from "@/components/ui/language-toggle";
import { cn } from "@/lib/cn";
import { Logo } from "./logo";
import { MARKETING_NAV } from "./marketing-nav";

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600",
    isActive && "text-brand-700 underline decoration-2 underline-offset-8",
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600",
    isActive && "bg-brand-50 text-brand-900",
  );

/** Closes the mobile menu when the page changes by any means (a link, back, forward). */
function CloseOnNavigate({ close }: { close: () => void }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    close();
  }, [pathname, close]);
  return null;
}

/**
 * SPEC §2: home, services, benefits, pricing, testimonials, EN/ES, sign in, register; a mobile menu. The menu is
 * a plain disclosure (a button that shows a panel) rather than Headless UI's: every public page loads this
 * header first, and Headless UI would bring React Aria into that first download.
 */
export function MarketingHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <header
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
      onKeyDown={(event) => {
        // Escape closes the open menu and puts focus back on its button
        if (event.key !== "Escape" || !open) return;
        close();
        button.current?.focus();
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600">
          <Logo />
          <span className="sr-only"> — {t("layout.nav.home")}</span>
        </Link>
        <nav aria-label={t("layout.nav.label")} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {MARKETING_NAV.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} end={item.end} className={desktopLink}>
                  {t(`layout.nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-3 lg:flex">
          <LanguageToggle />
          <Link to="/login" className={buttonClasses({ variant: "ghost" })}>
            {t("layout.nav.signIn")}
          </Link>
          <Link to="/register" className={buttonClasses({ variant: "primary" })}>
            {t("layout.nav.register")}
          </Link>
        </div>
        <div className="ml-auto flex items-center gap-2 lg:hidden">
          <LanguageToggle />
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            data-menu-button=""
            onClick={() => setOpen((shown) => !shown)}
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {/* both states are in the markup: a pre-rendered page's menu island (src/islands) swaps them without React */}
            <span data-menu-when="closed" hidden={open}>
              <MenuIcon className="size-6" />
              <span className="sr-only">{t("layout.nav.openMenu")}</span>
            </span>
            <span data-menu-when="open" hidden={!open}>
              <CloseIcon className="size-6" />
              <span className="sr-only">{t("layout.nav.closeMenu")}</span>
            </span>
          </button>
        </div>
      </div>
      <CloseOnNavigate close={close} />
      <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 lg:hidden">
        <nav aria-label={t("layout.nav.mobileLabel")}>
          <ul className="flex flex-col gap-1">
            {MARKETING_NAV.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} end={item.end} className={mobileLink} onClick={close}>
                  {t(`layout.nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-200 pt-4">
          <Link to="/login" className={buttonClasses({ variant: "secondary" })} onClick={close}>
            {t("layout.nav.signIn")}
          </Link>
          <Link to="/register" className={buttonClasses({ variant: "primary" })} onClick={close}>
            {t("layout.nav.register")}
          </Link>
        </div>
      </div>
    </header>
  );
}
