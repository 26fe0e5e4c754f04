import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { SidebarLayout } from "@/components/layout/sidebar-layout";
import { profilePathForRole } from "@/components/layout/sidebar-links";
import { useSession } from "@/features/auth";
import { Spinner } from "@/components/ui/spinner";
import type { ActivityEntry } from "@/features/activity/types";
import type { CompanyDocument } from "@/features/documents/types";
import { HomePage } from "@/features/home/home-page";

export { ActivityRoute, AdminDashboardsRoute, DashboardRoute, DashboardsRoute, FirstDashboardRoute } from "./dashboards";

/**
 * The signed-in frame and pages composed from the session. Loaded lazily, so
 * the public pages never download the sidebar.
 */

/** The sidebar frame fed from the session: role and company come from the token claims (SPEC §6). */
export function SignedInLayout() {
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

// the home page's documents and activity are drawn by their own features, each in its own chunk
const ExpiringDocuments = lazy(() => import("@/features/documents/components/document-list").then((module) => ({ default: module.ExpiringDocuments })));
const ActivityList = lazy(() => import("@/features/activity/components/activity-list").then((module) => ({ default: module.ActivityList })));

/**
 * `/home` from one `GET /home`: the documents come in the documents feature's shape and the activity in the
 * activity feature's (docs/api-dashboards.md), so each is handed to the feature that draws it.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const { user, claims } = useSession();
  return (
    <HomePage
      companyId={claims?.companyId ?? ""}
      firstName={user?.firstName}
      username={user?.username ?? ""}
      companyName={user?.company?.name}
      profilePath={profilePathForRole(claims?.role)}
      companiesCount={claims?.companies ?? 0}
      canFill={claims?.role !== "viewer"}
      renderDocuments={(documents) => (
        <Suspense fallback={null}>
          <ExpiringDocuments documents={documents as CompanyDocument[] | undefined} />
        </Suspense>
      )}
      renderActivity={(entries) => (
        <Suspense fallback={<Spinner />}>
          <ActivityList entries={entries as ActivityEntry[]} label={t("home.activity.title")} />
        </Suspense>
      )}
    />
  );
}
