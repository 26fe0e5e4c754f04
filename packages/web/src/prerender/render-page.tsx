import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router-dom";
import { publicRoutes } from "@/app/routes/public";
import { MarketingLayout } from "@/components/layout/marketing-layout";
import { StaticLoginPage } from "@/features/auth/components/login-card";
import { i18nOptions, type Language } from "@/lib/i18n-options";

/** The public routes, and /login as its static page (issue 40): the app's own /login page is for the app to draw. */
const prerenderedRoutes: RouteObject[] = [...publicRoutes, { element: <MarketingLayout />, children: [{ path: "/login", Component: StaticLoginPage }] }];

export interface RenderedPage {
  html: string;
  /** the page's <title> (React renders it in place; the pre-render moves it to <head>) */
  title?: string;
}

/**
 * One public page as HTML in one language, at build time (prerender-plugin.ts): the same routes, layout and
 * strings the browser draws, through a static router and an i18next instance of its own with the
 * translations already in hand. Scripts are left out (the page's only inline script is the first-paint one).
 * Controls are disabled until the app draws the page over this one: a click or a typed value before then would
 * be lost, while links work without the app. On a static page (`islands`) only buttons wait, for src/islands.
 */
export async function renderPage(pathname: string, lng: Language, translations: Record<string, unknown>, controls: "app" | "islands" = "app"): Promise<RenderedPage> {
  const i18n = createInstance();
  const { backend: _backend, detection: _detection, ...options } = i18nOptions;
  await i18n.use(initReactI18next).init({ ...options, lng, resources: { [lng]: { translation: translations } }, react: { useSuspense: false } });
  const handler = createStaticHandler(prerenderedRoutes);
  const context = await handler.query(new Request(new URL(pathname, "http://localhost")));
  if (context instanceof Response) throw new Error(`Pre-rendering ${pathname} answered ${context.status}`);
  if (context.errors) throw new Error(`Pre-rendering ${pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
    // both languages sit in one page: their generated ids must not meet
    { identifierPrefix: `${lng}-` },
  );
  // CSP allows no inline style: a style attribute would be refused with a console error on every visit
  if (/\sstyle="/.test(html)) throw new Error(`Pre-rendering ${pathname} made a style attribute: use classes on public pages`);
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  // a static page's fields work without script (src/islands computes from what was typed); its buttons wait for it
  const waiting = controls === "islands" ? /<(button)\b(?![^>]*\sdisabled[\s=>])/g : /<(button|input|select|textarea)\b(?![^>]*\sdisabled)/g;
  const page = html.replace(/<script\b[\s\S]*?<\/script>|<title>[^<]*<\/title>/g, "").replace(waiting, '<$1 disabled=""');
  return { html: page, title };
}
