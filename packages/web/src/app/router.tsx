import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { RouteError } from "@/components/layout/route-error";
import { SessionProvider, hasSessionCookies } from "@/features/auth";
import { publicRoutes } from "./routes/public";
import { authRoutes } from "./routes/auth";
import { signedInRoutes } from "./routes/signed-in";
import { invitationRoutes } from "./routes/invitations";

/** SPEC §2 fallback: any other path goes to /home with a token and a company, otherwise to /. */
function Fallback() {
  const { token, company } = hasSessionCookies();
  return <Navigate to={token && company ? "/home" : "/"} replace />;
}

const fallback: RouteObject = { path: "*", element: <Fallback /> };

// Every route's errors land on a translated page with a retry (a failed page file reloads once to the new build).
export const router = createBrowserRouter([
  { element: <SessionProvider />, children: [{ ErrorBoundary: RouteError, children: [...publicRoutes, ...authRoutes, ...invitationRoutes, ...signedInRoutes, fallback] }] },
]);
