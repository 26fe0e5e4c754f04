import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router-dom";
import { RouteError } from "@/components/layout/route-error";
import { RouteFocus } from "@/components/layout/route-focus";
import { toast } from "@/components/ui/toast-store";
import { SessionProvider, hasSessionCookies } from "@/features/auth";
import { publicRoutes } from "./routes/public";
import { authRoutes } from "./routes/auth";
import { signedInRoutes } from "./routes/signed-in";
import { invitationRoutes } from "./routes/invitations";
import { sharedLinkRoutes } from "./routes/shared";
import { reportsPublicRoutes } from "./routes/reports";

/** One toast per visit to an unknown address, though React may run the effect twice. */
const toldNotFound = new Set<string>();

/** SPEC §2 fallback: any other path goes to /home with a token and a company, otherwise to /; a toast says the page does not exist. */
function Fallback() {
  const { t } = useTranslation();
  const { key, pathname } = useLocation();
  const { token, company } = hasSessionCookies();
  useEffect(() => {
    if (toldNotFound.has(key)) return;
    toldNotFound.add(key);
    toast.error(t("recovery.notFound", { path: pathname }));
  }, [key, pathname, t]);
  return <Navigate to={token && company ? "/home" : "/"} replace />;
}

const fallback: RouteObject = { path: "*", element: <Fallback /> };

function Root() {
  return (
    <>
      <RouteFocus />
      <SessionProvider />
    </>
  );
}

// Every route's errors land on a translated page with a retry (a failed page file reloads once to the new build).
export const router = createBrowserRouter([
  { element: <Root />, children: [{ ErrorBoundary: RouteError, children: [...publicRoutes, ...authRoutes, ...invitationRoutes, ...sharedLinkRoutes, ...reportsPublicRoutes, ...signedInRoutes, fallback] }] },
]);
