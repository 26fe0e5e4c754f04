import type { RouteObject } from "react-router-dom";

/** Routes that need a token and a company, inside the sidebar layout (SPEC §2), and the admin/profile routes. */
export const signedInRoutes: RouteObject[] = [];
