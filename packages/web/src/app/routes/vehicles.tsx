import type { RouteObject } from "react-router-dom";

/** The vehicle page, for everyone with a seat (issue 14): filled in by the vehicles feature. */
export const vehiclesRoutes: RouteObject[] = [];
/** `/admin/vehicles`, admin and orgadmin only. */
export const vehiclesAdminRoutes: RouteObject[] = [];
