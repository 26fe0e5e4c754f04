import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { SidebarLayout } from "@/components/layout/sidebar-layout";
import { profilePathForRole } from "@/components/layout/sidebar-links";
import { useSession } from "@/features/auth";
import { HomePage } from "@/features/home/home-page";

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

// the reminder loads after the greeting, in the documents' own chunk
const ExpiringDocuments = lazy(() => import("@/features/documents/components/document-list").then((module) => ({ default: module.ExpiringDocuments })));

export function HomeRoute() {
  const { user, claims } = useSession();
  return (
    <HomePage
      firstName={user?.firstName}
      username={user?.username ?? ""}
      companyName={user?.company?.name}
      profilePath={profilePathForRole(claims?.role)}
      companiesCount={claims?.companies ?? 0}
    >
      <Suspense fallback={null}>
        <ExpiringDocuments />
      </Suspense>
    </HomePage>
  );
}

/**
 * SPEC §2 routes whose screens are not built yet (dashboards, activity): the page says so
 * plainly instead of the fallback quietly sending the person home.
 */
export function NotBuiltYetPage({ section }: { section: "dashboards" | "activity" }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t(`home.notBuilt.${section}`)}</h1>
      <p className="mt-2 text-slate-600">{t("home.notBuilt.text")}</p>
      <Link to="/home" className="mt-4 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
        {t("home.notBuilt.back")}
      </Link>
    </div>
  );
}
