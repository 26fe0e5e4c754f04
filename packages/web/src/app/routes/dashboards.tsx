import { lazy, Suspense, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth";

/**
 * The dashboards and activity pages (issue 16), composed from the session like the home page: they come
 * with the signed-in frame's chunk (signed-in.tsx names them through it, so the public pages' entry gains no
 * chunk of theirs), and each page itself loads on first visit in its own chunk, so the charts reach no other
 * page. The pages get the selected company (their cached answers are per company) and who is looking.
 */
const DashboardsPage = lazy(() => import("@/features/dashboards/routes/dashboards-page").then((m) => ({ default: m.DashboardsPage })));
const DashboardPage = lazy(() => import("@/features/dashboards/routes/dashboard-page").then((m) => ({ default: m.DashboardPage })));
const FirstDashboardPage = lazy(() => import("@/features/dashboards/routes/dashboard-page").then((m) => ({ default: m.FirstDashboardPage })));
const AdminDashboardsPage = lazy(() => import("@/features/dashboards/routes/admin-dashboards-page").then((m) => ({ default: m.AdminDashboardsPage })));
const ActivityPage = lazy(() => import("@/features/activity/routes/activity-page").then((m) => ({ default: m.ActivityPage })));

const Loading = ({ children }: { children: ReactNode }) => <Suspense fallback={<Spinner className="m-8" />}>{children}</Suspense>;

export function DashboardsRoute() {
  const { claims } = useSession();
  return (
    <Loading>
      <DashboardsPage companyId={claims?.companyId ?? ""} isProviderAdmin={claims?.role === "admin"} />
    </Loading>
  );
}

export function DashboardRoute() {
  const { claims } = useSession();
  const { dashboardId = "" } = useParams();
  return (
    <Loading>
      {/* another dashboard starts from its own state */}
      <DashboardPage key={dashboardId} companyId={claims?.companyId ?? ""} dashboardId={dashboardId} />
    </Loading>
  );
}

export function FirstDashboardRoute() {
  const { claims } = useSession();
  return (
    <Loading>
      <FirstDashboardPage companyId={claims?.companyId ?? ""} />
    </Loading>
  );
}

export function AdminDashboardsRoute() {
  return (
    <Loading>
      <AdminDashboardsPage />
    </Loading>
  );
}

export function ActivityRoute() {
  const { claims } = useSession();
  return (
    <Loading>
      {/* admins and orgadmins (the provider administrator too) read everyone's; the API narrows the rest */}
      <ActivityPage companyId={claims?.companyId ?? ""} userId={claims?.sub ?? ""} canSeeEveryone={claims?.role === "admin" || claims?.role === "orgadmin"} />
    </Loading>
  );
}
