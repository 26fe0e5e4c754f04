import type { ComponentType } from "react";
import { useParams } from "react-router-dom";
import { useSession } from "@/features/auth";

/**
 * The dashboards and activity routes' loaders (issue 16). This module is itself loaded lazily (signed-in.tsx
 * names only these loaders), so the public pages' entry carries none of it; each page is then its own chunk,
 * so the charts reach no other page. The wrappers read the session here, in the app layer, and hand the pages
 * the selected company (their cached answers are per company) and who is looking.
 */
const load = async <P,>(page: Promise<ComponentType<P>>, wrap: (Page: ComponentType<P>) => ComponentType) => ({ Component: wrap(await page) });

const companyOf = (claims: ReturnType<typeof useSession>["claims"]) => claims?.companyId ?? "";

export const list = () =>
  load(
    import("@/features/dashboards/routes/dashboards-page").then((m) => m.DashboardsPage),
    (DashboardsPage) =>
      function DashboardsRoute() {
        const { claims } = useSession();
        return <DashboardsPage companyId={companyOf(claims)} isProviderAdmin={claims?.role === "admin"} />;
      },
  );

export const view = () =>
  load(
    import("@/features/dashboards/routes/dashboard-page").then((m) => m.DashboardPage),
    (DashboardPage) =>
      function DashboardRoute() {
        const { claims } = useSession();
        const { dashboardId = "" } = useParams();
        // another dashboard starts from its own state
        return <DashboardPage key={dashboardId} companyId={companyOf(claims)} dashboardId={dashboardId} />;
      },
  );

export const first = () =>
  load(
    import("@/features/dashboards/routes/dashboard-page").then((m) => m.FirstDashboardPage),
    (FirstDashboardPage) =>
      function FirstDashboardRoute() {
        const { claims } = useSession();
        return <FirstDashboardPage companyId={companyOf(claims)} />;
      },
  );

export const activity = () =>
  load(
    import("@/features/activity/routes/activity-page").then((m) => m.ActivityPage),
    (ActivityPage) =>
      function ActivityRoute() {
        const { claims } = useSession();
        // admins and orgadmins (the provider administrator too) read everyone's; the API narrows the rest
        return <ActivityPage companyId={companyOf(claims)} userId={claims?.sub ?? ""} canSeeEveryone={claims?.role === "admin" || claims?.role === "orgadmin"} />;
      },
  );

export const admin = async () => ({ Component: (await import("@/features/dashboards/routes/admin-dashboards-page")).AdminDashboardsPage });
