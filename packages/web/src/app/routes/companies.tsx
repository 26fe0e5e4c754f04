import type { ComponentType } from "react";
import { useParams, type RouteObject } from "react-router-dom";
import { useSession } from "@/features/auth";

/**
 * The companies routes (issue 13). Each page is its own chunk, loaded on first visit; the wrappers read
 * the session here, in the app layer, and hand the pages what they need.
 */
const lazyPage = <P,>(load: () => Promise<ComponentType<P>>, wrap: (Page: ComponentType<P>) => ComponentType): RouteObject["lazy"] => async () => ({ Component: wrap(await load()) });

const adminCompanies: RouteObject["lazy"] = async () => ({ Component: (await import("@/features/companies/routes/admin-companies-page")).AdminCompaniesPage });

const companyPage = lazyPage(
  () => import("@/features/companies/routes/company-page").then((m) => m.CompanyPage),
  (CompanyPage) =>
    function CompanyRoute() {
      const { companyId = "" } = useParams();
      const { claims } = useSession();
      // another company starts from its own state
      return <CompanyPage key={companyId} companyId={companyId} sessionCompanyId={claims?.companyId ?? ""} />;
    },
);

const companySettings = lazyPage(
  () => import("@/features/companies/routes/company-settings-page").then((m) => m.CompanySettingsPage),
  (CompanySettingsPage) =>
    function CompanySettingsRoute() {
      const { claims } = useSession();
      return <CompanySettingsPage key={claims?.companyId} companyId={claims?.companyId ?? ""} />;
    },
);

const management = lazyPage(
  () => import("@/features/companies/routes/management-page").then((m) => m.ManagementPage),
  (ManagementPage) =>
    function ManagementRoute() {
      const { claims } = useSession();
      return <ManagementPage isProviderAdmin={claims?.role === "admin"} companyId={claims?.companyId ?? ""} />;
    },
);

/** `/admin/companies` and a company's page: provider administrators only (SPEC §6). */
export const companiesProviderRoutes: RouteObject[] = [
  { path: "/admin/companies", lazy: adminCompanies },
  { path: "/admin/companies/:companyId", lazy: companyPage },
];
/**
 * `/management`, admin and orgadmin: the provider sees every tenant, an orgadmin their own company; and
 * `/admin/company`, the signed-in company's settings (issue 19: details, logo, lines and time zone of its PDFs).
 */
export const managementRoutes: RouteObject[] = [
  { path: "/management", lazy: management },
  { path: "/admin/company", lazy: companySettings },
];
