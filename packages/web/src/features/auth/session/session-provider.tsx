import { useEffect, type ReactNode } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { setNavigator, signOutArrived, start } from "./session-store";

/** Starts the session once and lets it navigate inside the app (a layout route at the router's root). */
export function SessionProvider({ children }: { children?: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setNavigator((path) => navigate(path, { replace: true }));
  }, [navigate]);
  useEffect(() => start(), []);
  useEffect(() => {
    if (pathname === "/login") signOutArrived();
  }, [pathname]);
  return children ?? <Outlet />;
}
