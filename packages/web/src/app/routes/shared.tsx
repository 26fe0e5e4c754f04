import type { RouteObject } from "react-router-dom";
import { MarketingLayout } from "@/components/layout/marketing-layout";
import { Spinner } from "@/components/ui/spinner";

/** /shared/:token (issue 19): a share link's page for whoever received it, signed in or not, under the marketing header. */
export const sharedLinkRoutes: RouteObject[] = [
  {
    element: <MarketingLayout />,
    HydrateFallback: () => <Spinner fullScreen />,
    children: [{ path: "/shared/:token", lazy: async () => ({ Component: (await import("@/features/shared-link/routes/shared-link-page")).SharedLinkPage }) }],
  },
];
