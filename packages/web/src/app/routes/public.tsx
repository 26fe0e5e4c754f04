import type { RouteObject } from "react-router-dom";
import { WelcomePage } from "@/features/home/welcome-page";

/** Public marketing routes (SPEC §2), inside the marketing header and footer. */
export const publicRoutes: RouteObject[] = [
  { path: "/", element: <WelcomePage /> },
  { path: "/index", element: <WelcomePage /> },
];
