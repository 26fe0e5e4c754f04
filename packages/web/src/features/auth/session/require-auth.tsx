import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { saveRedirect } from "./session-store";
import { useSession } from "./use-session";
import type { TokenClaims } from "./tokens";

export type Role = TokenClaims["role"];

/** Why the guard sent someone to /login or /company-select; those pages show it. */
export type GuardNotice = "accessDenied" | "selectCompany";

interface RequireAuthProps {
  /** roles allowed; any role when omitted */
  roles?: readonly Role[];
  /** a selected company is needed (everything but /company-select) */
  company?: boolean;
  children?: ReactNode;
}

/**
 * SPEC §2 route guard: a spinner while loading or refreshing; no token →
 * /login (expired sessions with the notice, the path saved for after
 * sign-in); no company → /company-select with 'Please select a company to
 * continue.'; wrong role → /login with 'Access denied. You don't have the
 * required permissions.'.
 */
export function RequireAuth({ roles, company = true, children }: RequireAuthProps) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const here = location.pathname + location.search;
  const signedOut = !session.accessToken && session.status === "ready";

  useEffect(() => {
    if (signedOut) saveRedirect(here);
  }, [signedOut, here]);

  if (session.signingOut) return <Spinner fullScreen />;
  if (session.status === "refreshing") return <Spinner fullScreen label={t("auth.session.refreshing")} />;
  if (signedOut) return <Navigate to={session.expired ? "/login?reason=expired" : "/login"} replace />;
  if (session.status === "loading" || !session.claims) return <Spinner fullScreen label={t("auth.session.loading")} />;
  if (company && !session.claims.companyId) return <Navigate to="/company-select" replace state={{ notice: "selectCompany" satisfies GuardNotice }} />;
  if (roles && !roles.includes(session.claims.role)) return <Navigate to="/login" replace state={{ notice: "accessDenied" satisfies GuardNotice }} />;
  if (!session.user) return <Spinner fullScreen label={t("auth.session.loading")} />;
  return children ?? <Outlet />;
}
