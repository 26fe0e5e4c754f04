import type { RouteObject } from "react-router-dom";

/** Sign-in, registration, reset and SMS routes, and /company-select (SPEC §2). */
export const authRoutes: RouteObject[] = [];
