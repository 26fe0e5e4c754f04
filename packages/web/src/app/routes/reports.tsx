import type { RouteObject } from "react-router-dom";
import { useParams } from "react-router-dom";
import { MarketingLayout } from "@/components/layout/marketing-layout";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth";

/**
 * The scheduled reports routes (issue 18), admin and orgadmin only, each page its own chunk; the wrappers
 * read the session and the address here, in the app layer.
 */
const reportsPage: RouteObject["lazy"] = async () => {
  const { ReportsPage } = await import("@/features/reports/routes/reports-page");
  return {
    Component: function ReportsRoute() {
      const { claims } = useSession();
      const companyId = claims?.companyId ?? "";
      return <ReportsPage key={companyId} companyId={companyId} />;
    },
  };
};

const reportPage: RouteObject["lazy"] = async () => {
  const { ReportPage } = await import("@/features/reports/routes/report-page");
  return {
    Component: function ReportRoute() {
      const { claims } = useSession();
      const { reportId = "" } = useParams();
      const companyId = claims?.companyId ?? "";
      return <ReportPage key={`${companyId}-${reportId}`} companyId={companyId} id={reportId} />;
    },
  };
};

/** `/admin/reports` and one schedule's page. */
export const reportsAdminRoutes: RouteObject[] = [
  { path: "/admin/reports", lazy: reportsPage },
  { path: "/admin/reports/:reportId", lazy: reportPage },
];

/** /reports/confirm?token=… (issue 36): an outside recipient answers, signed in or not, under the marketing header. */
export const reportsPublicRoutes: RouteObject[] = [
  {
    element: <MarketingLayout />,
    HydrateFallback: () => <Spinner fullScreen />,
    children: [{ path: "/reports/confirm", lazy: async () => ({ Component: (await import("@/features/reports/routes/confirm-recipient-page")).ConfirmRecipientPage }) }],
  },
];
