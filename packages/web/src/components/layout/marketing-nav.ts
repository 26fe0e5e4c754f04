/** The marketing header's page links (SPEC §2), in order; labels are layout.nav.{key}. */
export const MARKETING_NAV = [
  { key: "home", to: "/", end: true },
  { key: "services", to: "/services", end: false },
  { key: "benefits", to: "/benefits", end: false },
  { key: "pricing", to: "/pricing", end: false },
  { key: "testimonials", to: "/testimonials", end: false },
] as const;

/** The footer's three columns; labels are layout.footer.links.{key}. */
export const FOOTER_COLUMNS = [
  { key: "product", links: [
    { key: "services", to: "/services" },
    { key: "benefits", to: "/benefits" },
    { key: "pricing", to: "/pricing" },
  ] },
  { key: "company", links: [
    { key: "testimonials", to: "/testimonials" },
    { key: "contact", to: "/docs/contact" },
    { key: "careers", to: "/underConstruction" },
  ] },
  { key: "resources", links: [
    { key: "signIn", to: "/login" },
    { key: "register", to: "/register" },
    { key: "helpCenter", to: "/underConstruction" },
  ] },
] as const;

export const LEGAL_LINKS = [
  { key: "privacy", to: "/privacy" },
  { key: "terms", to: "/terms" },
  { key: "cookies", to: "/cookies" },
] as const;

/** SPEC §2: the sign-in and registration screens keep the marketing header but not the footer. */
export const FOOTERLESS_PATHS = ["/login", "/sms-login", "/request-reset-password", "/reset-password", "/register"] as const;

/** Route matching is case-insensitive and ignores a trailing slash, so the footer rule is too. */
export function showsMarketingFooter(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  return !FOOTERLESS_PATHS.some((hidden) => path === hidden);
}
