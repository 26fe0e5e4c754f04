import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { SidebarLayout } from "@/components/layout/sidebar-layout";
import { profilePathForRole } from "@/components/layout/sidebar-links";
import { Spinner } from "@/components/ui/spinner";
import { RequireAuth, useSession, type Role } from "@/features/auth";
import { HomePage } from "@/features/home/home-page";

const page = (load: () => Promise<ComponentType>): RouteObject["lazy"] => async () => ({ Component: await load() });
const profile = page(() => import("@/features/auth/profile/profile-page").then((m) => m.ProfilePage));

const ADMIN_ROLES: readonly Role[] = ["admin", "orgadmin"];

/** The sidebar frame fed from the session: role and company come from the token claims (SPEC §6). */
function SignedInLayout() {
  const session = useSession();
  const claims = session.claims;
  const user = session.user;
  return (
    <SidebarLayout
      user={user ? { username: user.username, role: claims?.companyId ? claims.role : null } : null}
      companyName={claims?.companyId ? user?.company?.name : undefined}
      companiesCount={claims?.companies ?? 0}
      onSignOut={() => void session.logout()}
      profilePath={profilePathForRole(claims?.role)}
    />
  );
}

function HomeRoute() {
  const { user, claims } = useSession();
  return (
    <HomePage
      firstName={user?.firstName}
      username={user?.username ?? ""}
      companyName={user?.company?.name}
      profilePath={profilePathForRole(claims?.role)}
      companiesCount={claims?.companies ?? 0}
    />
  );
}

/** Holds /admin until the admin area lands, so the role guard has a route to protect. */
function AdminPending() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("home.admin.title")}</h1>
      <p className="mt-2 text-slate-600">{t("home.admin.pending")}</p>
    </div>
  );
}

/** Pages that need a token and a company, inside the sidebar layout: the other areas add theirs here. */
const companyPages: RouteObject[] = [{ path: "/home", element: <HomeRoute /> }];

/** Admin and orgadmin only (SPEC §6). */
const adminPages: RouteObject[] = [{ path: "/admin", element: <AdminPending /> }];

/** SPEC §2 signed-in routes, each behind the route guard. */
export const signedInRoutes: RouteObject[] = [
  {
    HydrateFallback: () => <Spinner fullScreen />,
    children: [
      {
        // token needed, company not
        element: <RequireAuth company={false} />,
        children: [{ element: <SignedInLayout />, children: [{ path: "/company-select", lazy: page(() => import("@/features/auth/routes/company-select-page").then((m) => m.CompanySelectPage)) }] }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <SignedInLayout />,
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
];
