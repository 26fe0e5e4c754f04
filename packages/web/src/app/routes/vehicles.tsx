import { lazy, Suspense, type ComponentType } from "react";
import { useParams, type RouteObject } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth";

/**
 * The vehicles routes (issue 14). Each page is its own chunk, loaded on first visit; the wrappers read
 * the session here, in the app layer, and hand the pages what they need.
 */
const lazyPage = <P,>(load: () => Promise<ComponentType<P>>, wrap: (Page: ComponentType<P>) => ComponentType): RouteObject["lazy"] => async () => ({ Component: wrap(await load()) });

const vehiclePage = lazyPage(
  () => import("@/features/vehicles/routes/vehicle-page").then((m) => m.VehiclePage),
  (VehiclePage) =>
    function VehicleRoute() {
      const { claims } = useSession();
      // another vehicle starts from its own state
      const { vehicleId } = useParams();
      return <VehiclePage key={vehicleId} role={claims?.role ?? null} documents={vehicleDocuments} />;
    },
);

// issue 15: the vehicle page lists the documents linked to it; they load in the documents' own chunk
const VehicleDocuments = lazy(() => import("@/features/documents/components/document-list").then((module) => ({ default: module.VehicleDocuments })));
const vehicleDocuments = (vehicleId: string) => (
  <Suspense fallback={<Spinner />}>
    <VehicleDocuments vehicleId={vehicleId} />
  </Suspense>
);

const adminVehicles: RouteObject["lazy"] = async () => ({ Component: (await import("@/features/vehicles/routes/admin-vehicles-page")).AdminVehiclesPage });

/** The vehicle page, for everyone with a seat (users and viewers read vehicles). */
export const vehiclesRoutes: RouteObject[] = [{ path: "/vehicles/:vehicleId", lazy: vehiclePage }];
/** `/admin/vehicles`, admin and orgadmin only. */
export const vehiclesAdminRoutes: RouteObject[] = [{ path: "/admin/vehicles", lazy: adminVehicles }];
