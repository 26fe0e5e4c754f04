import type { RouteObject } from "react-router-dom";
import { useSession } from "@/features/auth";

/** `/admin/integrations` (issue 41), admin and orgadmin only, its own chunk; the company comes from the session here. */
const integrationsPage: RouteObject["lazy"] = async () => {
  const { IntegrationsPage } = await import("@/features/integrations/routes/integrations-page");
  return {
    Component: function IntegrationsRoute() {
      const { claims } = useSession();
      const companyId = claims?.companyId ?? "";
      return <IntegrationsPage key={companyId} companyId={companyId} />;
    },
  };
};

export const integrationsAdminRoutes: RouteObject[] = [{ path: "/admin/integrations", lazy: integrationsPage }];
