import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { RouteError } from "@/components/layout/route-error";
import { Spinner } from "@/components/ui/spinner";
import { RequireAuth, useSession, type Role } from "@/features/auth";
import { formsAdminRoutes, formsRoutes, submissionRoutes } from "./forms";
import { vehiclesAdminRoutes, vehiclesRoutes } from "./vehicles";
import { billingAdminRoutes } from "./billing";
import { reportsAdminRoutes } from "./reports";
import { integrationsAdminRoutes } from "./integrations";
import { documentsRoutes } from "./documents";
import { companiesProviderRoutes, managementRoutes } from "./companies";

const page = (load: () => Promise<ComponentType>): RouteObject["lazy"] => async () => ({ Component: await load() });
const pages = () => import("./signed-in-pages");
const layout = page(() => pages().then((m) => m.SignedInLayout));
const profile = page(() => import("@/features/auth/profile/profile-page").then((m) => m.ProfilePage));

const ADMIN_ROLES: readonly Role[] = ["admin", "orgadmin"];

/** Inside the sidebar the error page's way out is the person's home. */
const SignedInRouteError = () => <RouteError home="/home" />;

// issue 16: the dashboards and activity pages come through the signed-in frame's chunk, like home, so the entry gains no chunk of theirs
const dashboards = (name: "DashboardsRoute" | "DashboardRoute" | "FirstDashboardRoute" | "ActivityRoute" | "AdminDashboardsRoute") => page(() => pages().then((m) => m[name]));

/** Pages that need a token and a company, inside the sidebar layout: the other areas add theirs here. */
const companyPages: RouteObject[] = [
  { path: "/home", lazy: page(() => pages().then((m) => m.HomeRoute)) },
  ...formsRoutes,
  ...vehiclesRoutes,
  ...documentsRoutes,
  // SPEC §2: every seat reads the company's dashboards and its activity (the API narrows what each sees)
  { path: "/dashboards", lazy: dashboards("DashboardsRoute") },
  { path: "/dashboards/:dashboardId", lazy: dashboards("DashboardRoute") },
  { path: "/dashboard", lazy: dashboards("FirstDashboardRoute") },
  { path: "/activity", lazy: dashboards("ActivityRoute") },
];

/** The admin area's pages, each its own chunk, fed from the session: who is signed in, in which company. */
const adminHome = page(() =>
  import("@/features/admin/routes/admin-home-page").then(({ AdminHomePage }) =>
    function AdminHomeRoute() {
      const { claims } = useSession();
      return <AdminHomePage isProviderAdmin={claims?.role === "admin"} />;
    },
  ),
);
const adminUsers = page(() =>
  import("@/features/admin/routes/admin-users-page").then(({ AdminUsersPage }) =>
    function AdminUsersRoute() {
      const { claims, user } = useSession();
      return <AdminUsersPage currentUserId={claims?.sub ?? null} companyName={user?.company?.name ?? ""} isProviderAdmin={claims?.role === "admin"} />;
    },
  ),
);

/** Admin and orgadmin only (SPEC §6). */
const adminPages: RouteObject[] = [
  { path: "/admin", lazy: adminHome },
  { path: "/admin/users", lazy: adminUsers },
  ...formsAdminRoutes,
  ...vehiclesAdminRoutes,
  ...billingAdminRoutes,
  ...reportsAdminRoutes,
  ...integrationsAdminRoutes,
  ...managementRoutes,
  // SPEC §6: company and dashboard management are for provider administrators only
  { element: <RequireAuth roles={["admin"]} />, children: [...companiesProviderRoutes, { path: "/admin/dashboards", lazy: dashboards("AdminDashboardsRoute") }] },
];

/** SPEC §2 signed-in routes, each behind the route guard; the sidebar frame loads with the first of them. */
export const signedInRoutes: RouteObject[] = [
  {
    HydrateFallback: () => <Spinner fullScreen />,
    children: [
      {
        // token needed, company not
        element: <RequireAuth company={false} />,
        children: [{ lazy: layout, children: [{ path: "/company-select", lazy: page(() => import("@/features/auth/routes/company-select-page").then((m) => m.CompanySelectPage)) }] }],
      },
      {
        element: <RequireAuth />,
        children: [
          // SPEC §2: the submission pages have no sidebar
          ...submissionRoutes,
          {
            lazy: layout,
            // a page that fails keeps the sidebar around its error
            children: [
              {
                ErrorBoundary: SignedInRouteError,
                children: [
                  ...companyPages,
                  { element: <RequireAuth roles={["user"]} />, children: [{ path: "/userProfile", lazy: profile }] },
                  { element: <RequireAuth roles={["admin"]} />, children: [{ path: "/adminProfile", lazy: profile }] },
                  { element: <RequireAuth roles={["orgadmin"]} />, children: [{ path: "/orgadminProfile", lazy: profile }] },
                  { element: <RequireAuth roles={ADMIN_ROLES} />, children: adminPages },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
