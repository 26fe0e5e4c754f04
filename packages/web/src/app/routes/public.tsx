import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { MarketingLayout } from "@/components/layout/marketing-layout";
import { LoadingShell } from "@/components/layout/loading-shell";
import { RouteError } from "@/components/layout/route-error";
import { testFormPage } from "./forms";

/** Each page is its own chunk, fetched alongside the translations on a first visit. */
const page = (load: () => Promise<ComponentType>): RouteObject["lazy"] => async () => ({ Component: await load() });

const home = page(() => import("@/features/marketing/pages/home-page").then((m) => m.HomePage));
const legal = () => import("@/features/marketing/pages/legal-page");

/** Public marketing routes (SPEC §2), inside the marketing header and footer. */
export const publicRoutes: RouteObject[] = [
  {
    element: <MarketingLayout />,
    HydrateFallback: LoadingShell,
    // a page that fails keeps the header and footer around its error
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { path: "/", lazy: home },
          { path: "/index", lazy: home },
          { path: "/services", lazy: page(() => import("@/features/marketing/pages/services-page").then((m) => m.ServicesPage)) },
          { path: "/benefits", lazy: page(() => import("@/features/marketing/pages/benefits-page").then((m) => m.BenefitsPage)) },
          { path: "/pricing", lazy: page(() => import("@/features/marketing/pages/pricing-page").then((m) => m.PricingPage)) },
          { path: "/testimonials", lazy: page(() => import("@/features/marketing/pages/testimonials-page").then((m) => m.TestimonialsPage)) },
          { path: "/underConstruction", lazy: page(() => import("@/features/marketing/pages/under-construction-page").then((m) => m.UnderConstructionPage)) },
          { path: "/docs/contact", lazy: page(() => import("@/features/marketing/pages/contact-page").then((m) => m.ContactPage)) },
          // the API reference (issue 41): Swagger UI is imported by this page alone
          { path: "/developers/api", lazy: page(() => import("@/features/developers/routes/api-reference-page").then((m) => m.ApiReferencePage)) },
          { path: "/test-form/:testMode?", lazy: testFormPage },
          { path: "/privacy", lazy: page(() => legal().then((m) => m.PrivacyPage)) },
          { path: "/terms", lazy: page(() => legal().then((m) => m.TermsPage)) },
          { path: "/cookies", lazy: page(() => legal().then((m) => m.CookiesPage)) },
        ],
      },
    ],
  },
];
