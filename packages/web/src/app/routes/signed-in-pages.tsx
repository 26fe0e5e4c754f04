import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { OfflineBanner, UpdateBanner } from "@/components/layout/offline-banner";
import { SidebarLayout } from "@/components/layout/sidebar-layout";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { forgetPerson } from "@/lib/device-db";
import { registerServiceWorker } from "@/lib/service-worker";
import { FormsOnDevice, queuedAnywhere, SentNotices, useOfflineWork, useOutbox } from "@/features/forms/offline";
import { useDocumentsOnDevice } from "@/features/documents/offline";
import { profilePathForRole } from "@/components/layout/sidebar-links";
import { addSignOutStep, useSession } from "@/features/auth";
import { Spinner } from "@/components/ui/spinner";
import type { ActivityEntry } from "@/features/activity/types";
import type { CompanyDocument } from "@/features/documents/types";
import { HomePage } from "@/features/home/home-page";

export { ActivityRoute, AdminDashboardsRoute, DashboardRoute, DashboardsRoute, FirstDashboardRoute } from "./dashboards";

/**
 * The signed-in frame and pages composed from the session. Loaded lazily, so
 * the public pages never download the sidebar.
 */

// issue 20: signing out removes what the device kept of the person (forms, drafts, waiting submissions, documents)
addSignOutStep(forgetPerson);

/** The person and company whose data the device keeps for offline work (issue 20). */
export function usePersonScope() {
  const { claims } = useSession();
  const userId = claims?.sub;
  const companyId = claims?.companyId;
  return useMemo(() => (userId && companyId ? { userId, companyId } : null), [userId, companyId]);
}

/**
 * The sidebar frame fed from the session: role and company come from the token claims (SPEC §6).
 * Issue 20: the frame also registers the service worker (so the public pages never load it), keeps the
 * person's forms on the device, sends what waits, and warns before signing out with anything unsent.
 */
export function SignedInLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const claims = session.claims;
  const user = session.user;
  const scope = usePersonScope();
  useEffect(() => registerServiceWorker(), []);
  useOfflineWork(scope, claims?.role ?? null);
  useDocumentsOnDevice(scope);
  const waiting = useOutbox(scope).length;
  const [unsent, setUnsent] = useState(0);
  const signOut = async () => {
    const count = claims?.sub ? await queuedAnywhere(claims.sub).catch(() => 0) : 0;
    if (count) setUnsent(count);
    else void session.logout();
  };
  return (
    <SidebarLayout
      user={user ? { username: user.username, firstName: user.firstName, lastName: user.lastName, role: claims?.companyId ? claims.role : null } : null}
      companyName={claims?.companyId ? user?.company?.name : undefined}
      companiesCount={claims?.companies ?? 0}
      onSignOut={() => void signOut()}
      profilePath={profilePathForRole(claims?.role)}
      badges={waiting ? { forms: { count: waiting, label: t("offline.outbox.badge", { count: waiting }) } } : undefined}
    >
      <OfflineBanner />
      <SentNotices scope={scope} />
      <UpdateBanner />
      <Outlet />
      <AlertDialog
        open={unsent > 0}
        kind="warning"
        title={t("offline.signOut.title")}
        text={t("offline.signOut.text", { count: unsent })}
        confirmLabel={t("offline.signOut.confirm")}
        showCancel
        onCancel={() => setUnsent(0)}
        onConfirm={() => {
          setUnsent(0);
          void session.logout();
        }}
      />
    </SidebarLayout>
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
  const scope = usePersonScope();
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
      renderOffline={() => <FormsOnDevice scope={scope} />}
    />
  );
}
